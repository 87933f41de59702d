import { defineBlock } from '../define'
import { schema } from './schema'

export default defineBlock({
  type: 'FormattedText',
  label: 'Formatted Text',
  picker: {
    title: 'Text with simple formatting',
    description: 'Paragraphs, headings and lists typed with simple marks like ## and -.',
    group: 'text',
    sample: {
      text: "## Getting here\n\nAn hour's drive north of Adelaide, or the **Barossa** wine train.\n\n- Parking at every cellar door\n- Bikes for hire in Tanunda",
    },
  },
  schema,
  allowedIn: ['contents', 'split'],
  staticView: true,
})
