/**
 * Commands publish events and the read model follows a moment later; waiting briefly lets the answer
 * (and the next page load) show the change. A slow projector is not an error: the event is in the log.
 */
export async function awaitReadModel(check: () => Promise<boolean>, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
