import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import type { PagedList } from "@/lib/client/issues";
import { controlKeys } from "@/lib/client/query-keys";
import type { DeliveryDto } from "@/lib/control/service";

// Settings' delivery log, apart from lib/client/control.ts, which the issue page loads for Mute and Block (issue 41's budget).

// The filter's choices, as db/schema/delivery.ts lists them (client code does not import the schema).
export const DELIVERY_OUTCOMES = [
  "filed",
  "duplicate",
  "blocked",
  "muted",
  "confirmation",
  "screened",
  "passed_through",
  "looped",
  "pending",
  "failed",
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export type Delivery = DeliveryDto;

const deliveriesQuery = (page: number, outcome: DeliveryOutcome | null) =>
  queryOptions({
    queryKey: [...controlKeys.deliveries, page, outcome] as const,
    queryFn: ({ signal }) =>
      apiFetch<PagedList<Delivery>>(`/api/users/me/deliveries?page=${page}&page_size=20${outcome ? `&outcome=${outcome}` : ""}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useDeliveries = (page: number, outcome: DeliveryOutcome | null) => useQuery(deliveriesQuery(page, outcome));
