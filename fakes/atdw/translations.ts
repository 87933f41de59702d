/**
 * The fake Atlas server's market variants (decision 030): German and Simplified Chinese profiles
 * for part of the generated Barossa, served as the provider's content translations page says: one
 * language per request (`mv=GERMAN`, `mv=CHINESE-S`), the product's name and description
 * translated where the provider has a translation, and a field without one left out of the profile.
 *
 * Which products have which translation is fixed by their id: about three in five have German, two
 * in five Chinese. Their names translate when they end with a known noun ('Old Vine Winery' ->
 * 'Weingut Old Vine', 'Old Vine 酒庄'; a numbered name stays untranslated); their descriptions when
 * every sentence is one of the data set's (accommodation, attractions, restaurants and events), so
 * some products are translated field by field only, as real ones are. The texts were written for
 * this data set by hand, sentence by sentence.
 */
import { CLASSES, CLOSERS, MIDDLES, OPENERS, type AtlasProductDetail, type Category } from './data.ts'

/** The market variants the fake translates into. */
export type FakeVariant = 'GERMAN' | 'CHINESE-S'
type Texts = Record<FakeVariant, string>

const OPENER_TEXTS: Record<string, Texts> = {
  'Set among the old vines of the Barossa,': {
    GERMAN: 'Inmitten der alten Reben des Barossa gelegen.',
    'CHINESE-S': '坐落于巴罗莎的古老葡萄藤之间。',
  },
  'In the heart of {town},': { GERMAN: 'Im Herzen von {town} gelegen.', 'CHINESE-S': '位于 {town} 的中心地带。' },
  'A short drive from Tanunda,': {
    GERMAN: 'Nur eine kurze Autofahrt von Tanunda entfernt.',
    'CHINESE-S': '距离 Tanunda 仅有一小段车程。',
  },
  'Family owned for five generations,': { GERMAN: 'Seit fünf Generationen in Familienbesitz.', 'CHINESE-S': '五代家族经营。' },
  'Tucked into the rolling hills above {town},': {
    GERMAN: 'Versteckt in den sanften Hügeln oberhalb von {town}.',
    'CHINESE-S': '隐匿于 {town} 上方连绵起伏的山丘之中。',
  },
  'On the banks of the North Para River,': { GERMAN: 'Am Ufer des North Para River.', 'CHINESE-S': '位于北帕拉河畔。' },
}

const MIDDLE_TEXTS: Record<string, Texts> = {
  '{name} offers comfortable rooms with views across the vineyards.': {
    GERMAN: '{name} bietet komfortable Zimmer mit Blick über die Weinberge.',
    'CHINESE-S': '{name} 提供舒适的客房，可眺望葡萄园美景。',
  },
  'guests wake to birdsong and a generous country breakfast.': {
    GERMAN: 'Die Gäste erwachen mit Vogelgezwitscher und genießen ein reichhaltiges Landfrühstück.',
    'CHINESE-S': '客人在鸟鸣声中醒来，享用丰盛的乡村早餐。',
  },
  'the rooms open onto a quiet garden with a wood fire for cooler evenings.': {
    GERMAN: 'Die Zimmer öffnen sich zu einem ruhigen Garten, und an kühlen Abenden wärmt ein Holzfeuer.',
    'CHINESE-S': '客房面向宁静的花园，凉爽的夜晚还有柴火取暖。',
  },
  '{name} welcomes visitors for tastings of shiraz, grenache and fortified wines.': {
    GERMAN: '{name} lädt zur Verkostung von Shiraz, Grenache und Likörweinen ein.',
    'CHINESE-S': '{name} 欢迎游客品尝西拉、歌海娜和加强型葡萄酒。',
  },
  'the cellar door pours small-batch wines from estate-grown fruit.': {
    GERMAN: 'In der Probierstube werden Weine aus kleinen Chargen von eigenen Trauben ausgeschenkt.',
    'CHINESE-S': '酒窖品酒室供应以自家种植的葡萄酿造的小批量葡萄酒。',
  },
  'visitors can wander the grounds and learn the stories of the early settlers.': {
    GERMAN: 'Besucher können über das Gelände spazieren und die Geschichten der ersten Siedler kennenlernen.',
    'CHINESE-S': '游客可以漫步园区，了解早期移民的故事。',
  },
  '{name} serves seasonal produce from local growers.': {
    GERMAN: '{name} serviert saisonale Erzeugnisse von Bauern aus der Region.',
    'CHINESE-S': '{name} 供应来自当地农户的时令食材。',
  },
  'the kitchen cooks over fire and bakes its own bread each morning.': {
    GERMAN: 'Die Küche kocht über offenem Feuer und backt jeden Morgen ihr eigenes Brot.',
    'CHINESE-S': '厨房以明火烹饪，每天早晨自制面包。',
  },
  'expect long lunches, regional wines and a menu that changes with the harvest.': {
    GERMAN: 'Freuen Sie sich auf ausgedehnte Mittagessen, regionale Weine und eine Speisekarte, die sich mit der Ernte ändert.',
    'CHINESE-S': '在这里可以享用悠长的午餐、本地葡萄酒，以及随收获季节变换的菜单。',
  },
  '{name} brings together winemakers, chefs and musicians.': {
    GERMAN: '{name} bringt Winzer, Köche und Musiker zusammen.',
    'CHINESE-S': '{name} 汇聚了酿酒师、厨师和音乐人。',
  },
  'the program runs across cellar doors and town halls throughout the valley.': {
    GERMAN: 'Das Programm findet in Weinkellern und Gemeindesälen im ganzen Tal statt.',
    'CHINESE-S': '活动在整个山谷的酒窖和市政厅举行。',
  },
  'bring a picnic rug and enjoy local food, wine and live music.': {
    GERMAN: 'Bringen Sie eine Picknickdecke mit und genießen Sie regionale Speisen, Wein und Livemusik.',
    'CHINESE-S': '带上野餐垫，尽情享受当地美食、葡萄酒和现场音乐。',
  },
}

const CLOSER_TEXTS: Record<string, Texts> = {
  'Bookings are recommended on weekends.': { GERMAN: 'Am Wochenende wird eine Reservierung empfohlen.', 'CHINESE-S': '周末建议提前预订。' },
  'Open to visitors year round.': { GERMAN: 'Ganzjährig für Besucher geöffnet.', 'CHINESE-S': '全年向游客开放。' },
  'Dogs on leads are welcome in the garden.': {
    GERMAN: 'Angeleinte Hunde sind im Garten willkommen.',
    'CHINESE-S': '花园欢迎拴绳的狗狗入内。',
  },
  'Wheelchair access is available.': { GERMAN: 'Der Zugang ist rollstuhlgerecht.', 'CHINESE-S': '设有无障碍轮椅通道。' },
  'Groups welcome by appointment.': { GERMAN: 'Gruppen sind nach Vereinbarung willkommen.', 'CHINESE-S': '团体游客请提前预约。' },
}

/** The nouns names end with, in German (put first: 'Weingut Old Vine') and Chinese (put last: 'Old Vine 酒庄'). */
const NOUN_TEXTS: Record<string, Texts> = {
  'B&B': { GERMAN: 'Frühstückspension', 'CHINESE-S': '民宿' },
  'Bed and Breakfast': { GERMAN: 'Frühstückspension', 'CHINESE-S': '民宿' },
  Guesthouse: { GERMAN: 'Gästehaus', 'CHINESE-S': '宾馆' },
  Cottage: { GERMAN: 'Landhaus', 'CHINESE-S': '小屋' },
  Cabin: { GERMAN: 'Hütte', 'CHINESE-S': '木屋' },
  Retreat: { GERMAN: 'Refugium', 'CHINESE-S': '度假屋' },
  Hotel: { GERMAN: 'Hotel', 'CHINESE-S': '酒店' },
  Inn: { GERMAN: 'Gasthof', 'CHINESE-S': '旅馆' },
  Lodge: { GERMAN: 'Lodge', 'CHINESE-S': '度假小屋' },
  Motel: { GERMAN: 'Motel', 'CHINESE-S': '汽车旅馆' },
  'Motor Inn': { GERMAN: 'Motel', 'CHINESE-S': '汽车旅馆' },
  Apartments: { GERMAN: 'Apartments', 'CHINESE-S': '公寓' },
  Suites: { GERMAN: 'Suiten', 'CHINESE-S': '套房' },
  Villas: { GERMAN: 'Villen', 'CHINESE-S': '别墅' },
  'Caravan Park': { GERMAN: 'Campingplatz', 'CHINESE-S': '房车营地' },
  'Holiday Park': { GERMAN: 'Ferienpark', 'CHINESE-S': '度假营地' },
  'Tourist Park': { GERMAN: 'Ferienpark', 'CHINESE-S': '旅游营地' },
  'Farm Stay': { GERMAN: 'Bauernhofurlaub', 'CHINESE-S': '农场住宿' },
  Homestead: { GERMAN: 'Gutshof', 'CHINESE-S': '农庄' },
  Resort: { GERMAN: 'Resort', 'CHINESE-S': '度假村' },
  'Spa Retreat': { GERMAN: 'Wellness-Refugium', 'CHINESE-S': '水疗度假村' },
  Wines: { GERMAN: 'Weine', 'CHINESE-S': '葡萄酒' },
  Estate: { GERMAN: 'Weingut', 'CHINESE-S': '酒庄' },
  'Cellar Door': { GERMAN: 'Probierstube', 'CHINESE-S': '酒窖' },
  Vineyards: { GERMAN: 'Weinberge', 'CHINESE-S': '葡萄园' },
  Winery: { GERMAN: 'Weingut', 'CHINESE-S': '酒庄' },
  Gallery: { GERMAN: 'Galerie', 'CHINESE-S': '画廊' },
  'Art Space': { GERMAN: 'Kunstraum', 'CHINESE-S': '艺术空间' },
  Studio: { GERMAN: 'Atelier', 'CHINESE-S': '工作室' },
  'Heritage Museum': { GERMAN: 'Heimatmuseum', 'CHINESE-S': '历史博物馆' },
  'Historic Church': { GERMAN: 'Historische Kirche', 'CHINESE-S': '历史教堂' },
  'Old Mill': { GERMAN: 'Alte Mühle', 'CHINESE-S': '老磨坊' },
  Reserve: { GERMAN: 'Naturschutzgebiet', 'CHINESE-S': '保护区' },
  'Conservation Park': { GERMAN: 'Naturpark', 'CHINESE-S': '自然保护公园' },
  Gardens: { GERMAN: 'Gärten', 'CHINESE-S': '花园' },
  Lookout: { GERMAN: 'Aussichtspunkt', 'CHINESE-S': '观景台' },
  'Scenic Lookout': { GERMAN: 'Aussichtspunkt', 'CHINESE-S': '观景台' },
  'Farmers Market': { GERMAN: 'Bauernmarkt', 'CHINESE-S': '农夫市集' },
  Market: { GERMAN: 'Markt', 'CHINESE-S': '市集' },
  Cafe: { GERMAN: 'Café', 'CHINESE-S': '咖啡馆' },
  'Coffee House': { GERMAN: 'Kaffeehaus', 'CHINESE-S': '咖啡屋' },
  'Espresso Bar': { GERMAN: 'Espressobar', 'CHINESE-S': '咖啡吧' },
  Restaurant: { GERMAN: 'Restaurant', 'CHINESE-S': '餐厅' },
  Kitchen: { GERMAN: 'Küche', 'CHINESE-S': '厨房' },
  'Dining Room': { GERMAN: 'Speisesaal', 'CHINESE-S': '餐厅' },
  Bistro: { GERMAN: 'Bistro', 'CHINESE-S': '小酒馆' },
  'Wine Bar': { GERMAN: 'Weinbar', 'CHINESE-S': '葡萄酒吧' },
  Brewhouse: { GERMAN: 'Brauhaus', 'CHINESE-S': '酿酒坊' },
  Tavern: { GERMAN: 'Taverne', 'CHINESE-S': '酒馆' },
  Bakery: { GERMAN: 'Bäckerei', 'CHINESE-S': '面包店' },
  Patisserie: { GERMAN: 'Konditorei', 'CHINESE-S': '甜品店' },
  Providore: { GERMAN: 'Feinkostladen', 'CHINESE-S': '食品店' },
  Deli: { GERMAN: 'Delikatessen', 'CHINESE-S': '熟食店' },
  Smokehouse: { GERMAN: 'Räucherei', 'CHINESE-S': '烟熏坊' },
  Festival: { GERMAN: 'Festival', 'CHINESE-S': '节' },
  Celebration: { GERMAN: 'Fest', 'CHINESE-S': '庆典' },
  'Long Lunch': { GERMAN: 'Langes Mittagessen', 'CHINESE-S': '长桌午宴' },
  'Tasting Weekend': { GERMAN: 'Verkostungswochenende', 'CHINESE-S': '品鉴周末' },
  'Wine Dinner': { GERMAN: 'Weindinner', 'CHINESE-S': '葡萄酒晚宴' },
  'Harvest Feast': { GERMAN: 'Erntefest', 'CHINESE-S': '丰收宴' },
  Concert: { GERMAN: 'Konzert', 'CHINESE-S': '音乐会' },
  'Jazz Afternoon': { GERMAN: 'Jazz-Nachmittag', 'CHINESE-S': '爵士午后' },
  'Music in the Vines': { GERMAN: 'Musik in den Reben', 'CHINESE-S': '葡萄园音乐会' },
  Recital: { GERMAN: 'Liederabend', 'CHINESE-S': '独奏会' },
  Fair: { GERMAN: 'Jahrmarkt', 'CHINESE-S': '集市' },
  Show: { GERMAN: 'Schau', 'CHINESE-S': '展会' },
  'Open Day': { GERMAN: 'Tag der offenen Tür', 'CHINESE-S': '开放日' },
  Exhibition: { GERMAN: 'Ausstellung', 'CHINESE-S': '展览' },
  'Art Show': { GERMAN: 'Kunstschau', 'CHINESE-S': '艺术展' },
  'Fun Run': { GERMAN: 'Volkslauf', 'CHINESE-S': '趣味跑' },
  'Cycling Classic': { GERMAN: 'Radklassiker', 'CHINESE-S': '自行车经典赛' },
  'Vineyard Run': { GERMAN: 'Weinberglauf', 'CHINESE-S': '葡萄园跑' },
}

/** FNV-1a of a product id and a salt: which translations a product has. */
function bucket(productId: string, salt: string): number {
  let hash = 0x811c9dc5
  for (const ch of `${salt}:${productId}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return hash % 100
}

/** Whether the provider has this product in this language at all. */
export const hasVariant = (productId: string, mv: FakeVariant) =>
  mv === 'GERMAN' ? bucket(productId, 'de') < 60 : bucket(productId, 'zh') < 40

function translateName(name: string, category: Category, mv: FakeVariant): string | undefined {
  const nouns = CLASSES[category].flatMap(([, , n]) => n).sort((a, b) => b.length - a.length)
  const noun = nouns.find((n) => name.endsWith(` ${n}`) && NOUN_TEXTS[n])
  if (!noun) return undefined
  const rest = name.slice(0, -noun.length - 1)
  const text = NOUN_TEXTS[noun]![mv]
  return mv === 'GERMAN' ? `${text} ${rest}` : `${rest} ${text}`
}

/** The description sentence by sentence, each one the data set's; undefined when one is not translated. */
function translateDescription(p: AtlasProductDetail, mv: FakeVariant, translatedName: string | undefined): string | undefined {
  const town = String(p.cityName)
  const fillWith = (name: string) => (s: string) => s.replaceAll('{name}', name).replaceAll('{town}', town)
  // The English sentences are matched with the English name; the translated ones name the product as translated.
  const fill = fillWith(p.productName)
  const fillTranslated = fillWith(translatedName ?? p.productName)
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  let rest = String(p.productDescription)
  const out: string[] = []
  const opener = OPENERS.find((o) => rest.startsWith(`${fill(o)} `))
  if (!opener || !OPENER_TEXTS[opener]) return undefined
  out.push(fillTranslated(OPENER_TEXTS[opener][mv]))
  rest = rest.slice(fill(opener).length + 1)
  for (const shape of [(s: string) => s, cap]) {
    const middle = MIDDLES[p.productCategoryId].find((m) => rest.startsWith(shape(fill(m))))
    if (!middle || !MIDDLE_TEXTS[middle]) return undefined
    out.push(fillTranslated(MIDDLE_TEXTS[middle][mv]))
    rest = rest.slice(fill(middle).length).trim()
  }
  if (rest) {
    const closer = CLOSERS.find((c) => c === rest)
    if (!closer || !CLOSER_TEXTS[closer]) return undefined
    out.push(CLOSER_TEXTS[closer][mv])
  }
  return out.join(mv === 'GERMAN' ? ' ' : '')
}

/** The fields of a product the provider translated into this market variant (none: an empty object). */
export function fakeTranslation(p: AtlasProductDetail, mv: string): { productName?: string; productDescription?: string } {
  if ((mv !== 'GERMAN' && mv !== 'CHINESE-S') || !hasVariant(p.productId, mv)) return {}
  const productName = translateName(p.productName, p.productCategoryId, mv)
  // A quarter of them have their name translated only (the provider translates field by field).
  const productDescription = bucket(p.productId, `${mv}-description`) < 75 ? translateDescription(p, mv, productName) : undefined
  return { ...(productName ? { productName } : {}), ...(productDescription ? { productDescription } : {}) }
}

/**
 * A product's profile in a market variant as the detail call answers it: the translated fields in
 * the language, and the fields the provider translates but has no translation for left out.
 */
export function inVariant(p: AtlasProductDetail, mv: string): Record<string, unknown> {
  const { productName: _name, productDescription: _description, ...rest } = p
  return { ...rest, ...fakeTranslation(p, mv) }
}
