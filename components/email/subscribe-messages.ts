/** Said where a subscription is asked for an issue whose newsletter has no id (its dialog and the header). */
export const MISSING_ID_MESSAGE = "Could not subscribe to this newsletter. The required ID is missing. Please try again later.";
