/**
 * How long a test, a hook or a poll may take before it is called failed: a safety net, never what
 * the test waits for. Written as about what it takes on a quiet machine and multiplied here, once:
 * on some machines of the CI's kind everything that starts processes or touches new memory runs
 * 2-3 times slower (the same clean-clone run took 2,643 s there against 970-1,065 s on others),
 * and a net sized for the quiet machine failed tests that were only slow.
 *
 * TEST_PATIENCE sets the factor (default 3); 1 makes a hanging test fail sooner while working on it.
 */
const factor = Number(process.env.TEST_PATIENCE) > 0 ? Number(process.env.TEST_PATIENCE) : 3

/** `ms` as on a quiet machine, times the patience factor. */
export function patient(ms: number): number {
  return Math.round(ms * factor)
}
