"use client";

import { lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from "react";

const noSubscription = () => () => {};

/**
 * A component whose code is fetched the first time it renders, in the browser only: the server and the
 * hydrating browser render `fallback` (nothing, by default), as next/dynamic's `ssr: false` does, without
 * next/dynamic's own runtime in every page that uses it (issue 41's budget). A dialog that takes focus on
 * mount takes it once its code is there, so its first opening is answered as any other.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  fallback: ReactNode = null,
): ComponentType<Props> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent(props: Props) {
    const browser = useSyncExternalStore(
      noSubscription,
      () => true,
      () => false,
    );
    if (!browser) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
