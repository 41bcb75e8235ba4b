import { useId, useState } from 'react';
import { toggleOpen } from '../rules';

export interface AccordionItem {
  question: string;
  answer: string;
}

/** Accordions can be multi-open or single-open (shopping §4). */
export function Accordion({ title, items, multiOpen }: { title: string; items: AccordionItem[]; multiOpen: boolean }) {
  const [open, setOpen] = useState<number[]>([]);
  const id = useId();
  return (
    <section className="catalog-accordion" aria-label={title}>
      <h2>{title}</h2>
      {items.map((item, index) => {
        const expanded = open.includes(index);
        return (
          <div key={index} className="catalog-accordion__item">
            <h3>
              <button type="button" aria-expanded={expanded} aria-controls={`${id}-${index}`} onClick={() => setOpen((o) => toggleOpen(o, index, multiOpen))}>
                {item.question}
              </button>
            </h3>
            <div id={`${id}-${index}`} role="region" hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </section>
  );
}
