// Runs once when a server process starts. Only the Node.js server has work to do; importing it here
// only under NEXT_RUNTIME "nodejs" keeps its Node.js APIs (process.exit) out of the Edge build, which
// would warn about each of them.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./instrumentation-node")).startServer();
}
