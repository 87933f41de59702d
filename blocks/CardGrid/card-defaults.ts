/** A new card's value (what the editor's 'Add item' inserts). Kept free of zod for the visitor bundle. */
export const cardSchemaDefaults = {
  image: { imageId: '', alt: '' },
  title: '',
  description: '',
  link: { text: '', href: '', type: 'page' },
} as const
