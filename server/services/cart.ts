/**
 * The booking cart (spec 02 §3.6, §4, §5): a session from the provider, the provider's copy of a
 * visitor's cart, saving and deleting it. No HTTP here beyond the provider client; the errors are
 * the spec's texts.
 */
import { texts } from '#lib/texts'
import type { BookEasyConfig } from '../config.ts'
import {
  BookEasyUnavailableError,
  createBookEasyCartClient,
  type BookEasyCartClient,
  type ProviderCartItem,
} from '../integrations/bookeasy/cart.ts'
import { AppError } from './errors.ts'

/** Spec 02 §9: the default cart control id. */
export const DEFAULT_CONTROL_ID = 153

const { unreachable, notConfigured } = texts.cart

async function callProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof BookEasyUnavailableError) throw new AppError('unavailable', unreachable, { provider: err.message })
    throw err
  }
}

export function createCartService(config: Pick<BookEasyConfig, 'apiUrl' | 'vcId'> & Partial<Pick<BookEasyConfig, 'apiKey'>>) {
  const { apiUrl } = config
  const configured: BookEasyCartClient | null = apiUrl
    ? createBookEasyCartClient({ apiUrl, vcId: config.vcId, apiKey: config.apiKey })
    : null
  // Without BOOKEASY_API_URL nothing is sent anywhere: each call says booking is not set up here.
  const provider = <T>(work: (client: BookEasyCartClient) => Promise<T>): Promise<T> => {
    if (!configured) return Promise.reject(new AppError('not_found', notConfigured))
    return callProvider(() => work(configured))
  }
  return {
    /** A new provider session; 'No token provided, please try again!' when the provider gives none. */
    async newSession(): Promise<{ SessionId: string }> {
      const id = await provider((client) => client.getNewSession())
      if (!id) throw new AppError('unavailable', texts.cart.noToken)
      return { SessionId: id }
    },
    /** The provider's cart for a session; 'No Data Found' when it flags none. */
    async load(key: string): Promise<{ cartcontent: ProviderCartItem[] }> {
      const cart = await provider((client) => client.getCart(key))
      if (cart.noData) throw new AppError('not_found', texts.cart.noData)
      return { cartcontent: cart.items }
    },
    async save(input: {
      key: string
      controlId?: number | undefined
      cartcontent: ProviderCartItem[]
      BookedBy?: string | undefined
      IsInternal?: boolean | undefined
    }): Promise<void> {
      await provider((client) => client.saveCart({ ...input, controlId: input.controlId ?? DEFAULT_CONTROL_ID }))
    },
    async remove(key: string): Promise<void> {
      await provider((client) => client.deleteCart(key))
    },
  }
}

export type CartService = ReturnType<typeof createCartService>
