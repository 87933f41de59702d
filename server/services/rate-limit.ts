import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from './errors.ts'

/**
 * Limits guessing: attempts per client address and failures per account, in a 15-minute window.
 * Kept in memory: with several instances each enforces its own share (see the README).
 */
export function createRateLimits(options: { perIp: number; perAccount: number }) {
  const windowSeconds = 15 * 60
  const byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: options.perIp, duration: windowSeconds })
  const byAccount = new RateLimiterMemory({ keyPrefix: 'account', points: options.perAccount, duration: windowSeconds })

  const refuse = (res: RateLimiterRes) => {
    const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60000))
    return new AppError('rate_limited', `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, {
      retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000),
    })
  }

  async function consume(limiter: RateLimiterMemory, key: string) {
    try {
      await limiter.consume(key)
    } catch (res) {
      if (res instanceof RateLimiterRes) throw refuse(res)
      throw res
    }
  }

  return {
    /** Counts an attempt from an address; throws rate_limited past the limit. */
    attemptFromIp: (ip: string) => consume(byIp, ip),
    /** Refuses early when an account has used up its failures. */
    async checkAccount(account: string) {
      const res = await byAccount.get(account.toLowerCase())
      if (res && res.remainingPoints <= 0) throw refuse(res)
    },
    /** Counts a failure against an account. */
    failureFor: (account: string) => consume(byAccount, account.toLowerCase()).catch(() => {}),
    /** A successful sign-in clears the account's failures. */
    successFor: (account: string) => byAccount.delete(account.toLowerCase()).then(() => undefined),
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>
