/**
 * The demo's booking provider. Without BOOKEASY_API_URL, BOOKEASY_GADGET_SCRIPT_URL and
 * BOOKEASY_KEY the demo has no real provider, so the server starts the local fake of BookEasy
 * (fakes/bookeasy) on a free loopback port, as it does the fake tourism provider: the site's own
 * calls (cart sessions, operator information) go to it, and its stand-in gadget script is served
 * on the site's own port under DEMO_BOOKEASY_PATH so visitors' browsers can load it. The demo's
 * /book-online page then shows working booking blocks instead of their failure message.
 */
import type http from 'node:http'
import { fakeGadgetScript } from '../../fakes/bookeasy/gadget-script.ts'
import { startFakeBookEasy } from '../../fakes/bookeasy/server.ts'

/** Where the demo's stand-in gadget script is served on the site's own port. */
export const DEMO_BOOKEASY_PATH = '/bookeasy-demo'

export interface DemoBookEasy {
  /** The fake's API address (loopback only): what BOOKEASY_API_URL would be. */
  apiUrl: string
  /** The gadget script's address on the site (what BOOKEASY_GADGET_SCRIPT_URL would be). */
  gadgetScriptUrl: string
  /** Serves the gadget script; answers false for any other address. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean
  close(): Promise<void>
}

export async function startDemoBookEasy(): Promise<DemoBookEasy> {
  const running = await startFakeBookEasy({ host: '127.0.0.1', port: 0 })
  const script = fakeGadgetScript(false)
  const scriptPath = `${DEMO_BOOKEASY_PATH}/gadgets.js`
  return {
    apiUrl: running.url,
    gadgetScriptUrl: scriptPath,
    handle(req, res) {
      if (req.url?.split('?')[0] !== scriptPath || (req.method !== 'GET' && req.method !== 'HEAD')) return false
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
        'x-content-type-options': 'nosniff',
      })
      res.end(req.method === 'HEAD' ? undefined : script)
      return true
    },
    close: () => running.close(),
  }
}
