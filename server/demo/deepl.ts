/**
 * The demo's machine translation (issue 33 point 6): without DEEPL_API_KEY the demo starts the
 * local fake of DeepL's API (fakes/deepl) on a free loopback port, so "Suggest a translation" works
 * with no network; its suggestions carry the target's code ("[DE] …"), plainly the fake's.
 */
import { startFakeDeepL } from '../../fakes/deepl/server.ts'

export async function startDemoDeepL(): Promise<{ apiUrl: string; apiKey: string; close(): Promise<void> }> {
  const running = await startFakeDeepL()
  return { apiUrl: running.url, apiKey: running.apiKey, close: running.close }
}
