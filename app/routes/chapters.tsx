import { clsx } from 'clsx'
import { Link } from 'react-router'
import { slugFromPath } from '#lib/slug'
import { storySlugOfChapter, type ChapterSummary } from '#lib/stories'
import { useTexts } from '#ui/locale'
import { Editable, EditingContext } from '#ui/editing'
import { usePageOverride } from '#blocks/page-override'
import { RenderBlocks } from '#blocks/RenderBlocks'
import { ArrowRightIcon } from '#ui/icons'
import { Img } from '#ui/Img'
import { SmartLink } from '#ui/SmartLink'
import type { Route } from './+types/chapters'
import { contentPageMeta, layoutDataOf, rootDataOf } from './content-page'
import { loadContentPage, pathWithinLanguage } from './content-page.server'

/**
 * /chapters/*: a story chapter, stored in the 'chapters' collection with the slug
 * 'chapters/{story}/…' (spec 01 §2.1, spec 02 §2.7). Shows the story's header, the chapter's own
 * blocks, what comes next and the story's chapters. Visitors see the published story and its
 * published chapters; editors see drafts.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const loaded = await loadContentPage(context, request, 'chapters', slugFromPath(pathWithinLanguage(context, request)))
  const domainId = context.domain?._id
  const which = context.user ? 'draft' : 'published'
  const document = (loaded.page as { document?: { story?: { _id?: unknown } } }).document
  const { stories } = context.services
  // The story's header and chapter list: a story or chapter publish drops the page from the page cache.
  context.dependencies?.stories()
  // The page's own reference when the editor's copy carries one, else the story its address names.
  const storyId = typeof document?.story?._id === 'string' ? document.story._id : null
  const storySlug = storySlugOfChapter(loaded.page.slug)
  const story = !domainId
    ? null
    : ((storyId ? await stories.loadForChapter(domainId, storyId, which) : null) ??
      (storySlug ? await stories.loadBySlug(domainId, storySlug, which) : null))
  const chapters = story?.chapters ?? []
  const index = chapters.findIndex((c) => c._id === loaded.page._id)
  return {
    ...loaded,
    story: story
      ? {
          _id: story._id,
          title: story.title,
          description: story.description,
          slug: story.slug,
          image: story.header.image,
          upNext: story.upNext,
          chapters,
          index,
          next: index >= 0 ? (chapters[index + 1] ?? null) : null,
        }
      : null,
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => contentPageMeta(loaderData, layoutDataOf(matches), rootDataOf(matches))

type StoryData = NonNullable<Route.ComponentProps['loaderData']['story']>

export default function ChapterPage({ loaderData }: Route.ComponentProps) {
  const { page: loadedPage, contents: loadedContents, story } = loaderData
  // While an editor edits this page in place, its working copy is shown (and editable).
  const override = usePageOverride(loadedPage._id)
  const header = (override ? override.header : loadedPage.header) as typeof loadedPage.header
  const contents = override ? override.contents : loadedContents
  return (
    <EditingContext.Provider value={override?.api ?? null}>
      <main id="main" tabIndex={-1} className="pb-16 outline-none lg:pb-24">
        <ChapterHeader title={header.title} description={header.description ?? ''} story={story} />
        <div className="mt-10 lg:mt-14">
          <RenderBlocks blocks={contents} />
        </div>
        {story ? <UpNext story={story} /> : null}
        {story && story.chapters.length > 1 ? <Overview story={story} currentId={loadedPage._id} /> : null}
      </main>
    </EditingContext.Provider>
  )
}

const chapterPath = (slug: string) => `/${slug}`

function ChapterHeader({ title, description, story }: { title: string; description: string; story: StoryData | null }) {
  const t = useTexts().chapters
  const image = story?.image
  const hasImage = !!image?.imageId
  return (
    <section
      className={clsx(
        'relative isolate overflow-hidden',
        hasImage ? 'bg-red-darkest text-white' : 'border-b border-red/10 bg-soft-pink text-ink',
      )}
    >
      {hasImage ? (
        <>
          <Img
            image={image}
            alt=""
            width={1600}
            height={700}
            sizes="100vw"
            priority
            className="absolute inset-0 -z-10 h-full w-full object-cover"
          />
          <span className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/50 to-black/30" aria-hidden="true" />
        </>
      ) : null}
      <div className={clsx('container-site', hasImage ? 'pt-28 pb-14 lg:pt-40 lg:pb-20' : 'py-12 lg:py-16')}>
        {story ? (
          <p className={clsx('eyebrow mb-4 flex flex-wrap items-center gap-x-3', hasImage ? 'text-white' : 'text-red')}>
            {story.chapters[0] ? (
              <Link
                to={chapterPath(story.chapters[0].slug)}
                className="underline decoration-current/40 underline-offset-4 hover:decoration-current"
              >
                {story.title}
              </Link>
            ) : (
              <span>{story.title}</span>
            )}
            {story.index >= 0 ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{t.chapterOf(story.index + 1, story.chapters.length)}</span>
              </>
            ) : null}
          </p>
        ) : null}
        <Editable
          kind="content"
          path="header.title"
          value={title}
          as="h1"
          placeholder="Chapter title"
          className={clsx(
            'font-display text-4xl leading-tight font-semibold tracking-tight sm:text-5xl lg:text-6xl',
            !hasImage && 'text-red-darkest',
          )}
        />
        <Editable
          kind="content"
          path="header.description"
          value={description || (story?.index === 0 ? story.description : '')}
          optional
          as="p"
          placeholder="Chapter introduction"
          className={clsx('mt-5 max-w-3xl text-lg leading-relaxed sm:text-xl', hasImage ? 'text-white/95' : 'text-ink-soft')}
        />
      </div>
    </section>
  )
}

/** The next chapter of the story; after the last one, the story's own 'up next' teaser when it has one. */
function UpNext({ story }: { story: StoryData }) {
  const t = useTexts().chapters
  const next: ChapterSummary | null = story.next
  const teaser = story.upNext
  if (!next && !(teaser.heading && teaser.link.href)) return null
  const heading = next ? next.title : teaser.heading
  const subtitle = next ? next.description : teaser.subtitle
  const image = next ? next.image : teaser.image
  return (
    <section className="mt-16 bg-red-darkest text-white lg:mt-24" aria-labelledby="chapter-up-next">
      <div className={clsx('mx-auto grid max-w-[1600px]', image?.imageId && 'md:grid-cols-2')}>
        {image?.imageId ? (
          <div className="relative min-h-64 bg-red-darker/40">
            <Img image={image} alt="" width={800} height={560} className="absolute inset-0 h-full w-full object-cover" />
          </div>
        ) : null}
        <div
          className={clsx(
            'flex flex-col justify-center gap-4 py-12 lg:py-20',
            image?.imageId ? 'px-6 sm:px-12 lg:px-20' : 'container-site w-full',
          )}
        >
          <p className="eyebrow opacity-90">{next ? `${t.upNext} · ${t.chapterOf(story.index + 2, story.chapters.length)}` : t.upNext}</p>
          <h2 id="chapter-up-next" className="font-display text-3xl font-semibold lg:text-5xl">
            {heading}
          </h2>
          {subtitle ? <p className="max-w-md text-lg opacity-90">{subtitle}</p> : null}
          {next ? (
            <Link to={chapterPath(next.slug)} className="button button--light mt-2 self-start">
              <span>{next.title}</span>
              <ArrowRightIcon size={18} />
            </Link>
          ) : (
            <SmartLink link={teaser.link} className="button button--light mt-2 self-start">
              <span>{teaser.link.text || teaser.heading}</span>
              <ArrowRightIcon size={18} />
            </SmartLink>
          )}
        </div>
      </div>
    </section>
  )
}

/** Every chapter of the story, the current one marked (spec 01 §3 Story 'overview'). */
function Overview({ story, currentId }: { story: StoryData; currentId: string }) {
  const t = useTexts().chapters
  return (
    <nav aria-label={t.overview} className="container-site mt-16 lg:mt-24">
      <h2 className="heading-sub mb-6">{story.title}</h2>
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {story.chapters.map((chapter, i) => {
          const current = chapter._id === currentId
          return (
            <li key={chapter._id}>
              <Link
                to={chapterPath(chapter.slug)}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'flex h-full items-start gap-4 rounded-sm p-5 ring-1 transition-shadow',
                  current ? 'bg-red text-white ring-red' : 'bg-white text-ink ring-ink/15 hover:ring-red',
                )}
              >
                <span className="font-display text-3xl font-semibold tabular-nums" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <span className="flex flex-col gap-1">
                  <span className="sr-only">{t.chapterOf(i + 1, story.chapters.length)}: </span>
                  <span className="font-semibold">{chapter.title}</span>
                  {chapter.description ? (
                    <span className={clsx('line-clamp-2 text-sm', current ? 'text-white/90' : 'text-ink-soft')}>{chapter.description}</span>
                  ) : null}
                  {current ? <span className="text-sm font-medium">{t.current}</span> : null}
                </span>
              </Link>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
