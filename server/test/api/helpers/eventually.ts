/**
 * Polls `check` every 20 ms until it holds or `ms` pass, then answers it once more: for what
 * another instance or process learns a moment later (a Redis event, a PostgreSQL notice).
 */
export async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
