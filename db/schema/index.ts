export * from "./auth";
export * from "./newsletters";
export * from "./mail";
export * from "./reading";
export * from "./control";
export * from "./unsubscribe";
export * from "./feeds";
export * from "./instances";
