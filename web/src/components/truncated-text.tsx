import { useId, useState } from 'react';
import './truncated-text.css';

/** Descriptions longer than this many words are cut with Read more / Read less (spec §5). */
export const truncateWordLimit = 20;

export interface TruncatedTextProps {
  text: string;
  wordLimit?: number;
  className?: string;
}

export function TruncatedText({ text, wordLimit = truncateWordLimit, className }: TruncatedTextProps) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const words = text.trim().split(/\s+/).filter(Boolean);
  const truncatable = words.length > wordLimit;
  const shown = truncatable && !expanded ? `${words.slice(0, wordLimit).join(' ')}…` : text;

  return (
    <div className={className ? `truncated-text ${className}` : 'truncated-text'}>
      <p id={textId} className="truncated-text__body">
        {shown}
      </p>
      {truncatable && (
        <button
          type="button"
          className="truncated-text__toggle"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Read less' : 'Read more'}
        </button>
      )}
    </div>
  );
}
