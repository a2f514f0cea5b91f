/** The word the danger zone asks the reader to type; free of zod, as the danger zone checks it in the browser. */
export const DELETE_CONFIRMATION = "DELETE";
