/** Every language's site texts at once: the server renders any language (lib/site-texts/index.ts). */
import { registerSiteTexts } from './index.ts'
import de from './de.ts'
import zhHans from './zh-Hans.ts'

registerSiteTexts('de', de)
registerSiteTexts('zh-Hans', zhHans)
