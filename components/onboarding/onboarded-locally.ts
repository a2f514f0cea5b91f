/**
 * The reader's "done with onboarding", kept in the browser until the server has it too: a reload
 * while the save is still on its way must not bring the dialog back.
 */
const key = (userId: number) => `paperboy:onboarded:${userId}`;

export function rememberOnboarded(userId: number): void {
  try {
    localStorage.setItem(key(userId), "1");
  } catch {
    // Storage may be refused (private windows); the save to the server still goes out.
  }
}

export function forgetOnboarded(userId: number): void {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // Nothing was kept, so there is nothing to forget.
  }
}

export function isOnboardedLocally(userId: number): boolean {
  try {
    return localStorage.getItem(key(userId)) === "1";
  } catch {
    return false;
  }
}
