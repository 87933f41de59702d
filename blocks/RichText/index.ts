import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'RichText',
  label: 'Rich Text',
  picker: {
    title: 'Rich text',
    description: 'Text with headings, bold, lists, quotes and links.',
    group: 'text',
    sample: {
      html: '<h2>Plan a weekend away</h2><p>Cellar doors, long lunches and <strong>balloons at dawn</strong>, an hour north of Adelaide.</p><ul><li>Wineries and kitchens</li><li>Walking trails</li></ul>',
    },
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
