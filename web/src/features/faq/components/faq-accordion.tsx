import { useId, useState } from 'react';
import { faqGroups, initiallyOpenQuestion } from './faq-data.ts';
import './faq-accordion.css';

/**
 * FAQ accordion: one answer open at a time, 'How is my image retouched?' first; clicking the open
 * question closes it. Each question is a button with aria-expanded controlling its answer.
 */
export function FaqAccordion({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<string | null>(initiallyOpenQuestion);
  const baseId = useId();
  const GroupHeading = headingLevel === 2 ? 'h2' : 'h3';
  const QuestionHeading = headingLevel === 2 ? 'h3' : 'h4';

  return (
    <div className="faq">
      {faqGroups.map((group, groupIndex) => (
        <section key={group.title} className="faq__group" aria-labelledby={`${baseId}-g${groupIndex}`}>
          <GroupHeading id={`${baseId}-g${groupIndex}`} className="faq__group-title">
            {group.title}
          </GroupHeading>
          {group.items.map((item, index) => {
            const expanded = open === item.question;
            const panelId = `${baseId}-${groupIndex}-${index}`;
            return (
              <div key={item.question} className="faq__item">
                <QuestionHeading className="faq__question">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : item.question)}
                  >
                    {item.question}
                    <span aria-hidden="true">{expanded ? '−' : '+'}</span>
                  </button>
                </QuestionHeading>
                <div id={panelId} className="faq__answer" hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
