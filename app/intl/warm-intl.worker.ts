/**
 * A German or Chinese page formats listing dates, times and prices with Intl (listings/format.ts).
 * The first Intl format a page makes loads the browser's locale data, about 20 ms of the thread
 * that makes it (17-45 ms here; four times that with Lighthouse's slower CPU), and that happened
 * in the middle of hydration: the German and Chinese grids' blocking time (issue 33 point 8).
 * The data is shared by the page's threads, so this worker, started before hydration, makes the
 * page's formats first, off the main thread; the page's own then take well under a millisecond
 * (0.2 ms measured after a worker had made them, against 45 ms cold).
 */
import { dateTimeFormats, priceFormatOptions } from '../../listings/intl-formats.ts'

self.onmessage = (event: MessageEvent<string>) => {
  try {
    for (const options of Object.values(dateTimeFormats)) new Intl.DateTimeFormat(event.data, options).format(0)
    for (const whole of [true, false]) new Intl.NumberFormat(event.data, priceFormatOptions(whole)).format(1)
  } finally {
    self.close()
  }
}
