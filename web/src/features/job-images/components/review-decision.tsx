import { useId, useImperativeHandle, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { JobImage } from '@studio/shared/image-api';
import {
  imageReviewBodySchema,
  maxAnnotationCommentLength,
  maxAnnotationsPerImage,
  maxReviewCommentLength,
  type ImageReviewBody,
} from '@studio/shared/image-review';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText, refusalReason } from '../../../lib/api-error-text.ts';
import { useReviewImage } from '../api/review-image.ts';
import type { MarkupTool, Shape } from './markup-overlay.tsx';
import type { CommentsHandle } from './review-comments.tsx';
import { annotationKindLabels } from './review-markup.ts';

export type Draft = Shape & { comment: string };

const tools: { tool: MarkupTool; label: string; hint: string }[] = [
  { tool: 'move', label: 'Move', hint: 'drag to pan' },
  { tool: 'pin', label: 'Pin', hint: 'click a spot' },
  { tool: 'rect', label: 'Rectangle', hint: 'drag over an area' },
  { tool: 'path', label: 'Freehand', hint: 'draw around it' },
];

/** The body of a rejection: the comment and the shapes as drawn, comments trimmed. */
export function rejectionBody(comment: string, drafts: readonly Draft[]): ImageReviewBody {
  const overall = comment.trim();
  return {
    decision: 'REJECT',
    ...(overall ? { comment: overall } : {}),
    ...(drafts.length > 0
      ? { annotations: drafts.map(({ kind, points, comment: text }) => ({ kind, points, comment: text.trim() })) }
      : {}),
  };
}

/** Field problems by path as the API names them (`body.annotations.0.comment`), from the shared schema. */
export function bodyProblems(body: ImageReviewBody): Record<string, string> {
  const parsed = imageReviewBodySchema.safeParse(body);
  if (parsed.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = ['body', ...issue.path.map(String)].join('.');
    problems[path] ??= issue.message;
  }
  return problems;
}

/** The 400's field problems by path, or null for another failure. */
function serverProblems(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || error.issues.length === 0) return null;
  return Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
}

/**
 * The client's decision on a delivered image (issue 34): the mark-up tools, each shape's comment
 * (required) in a numbered list, a comment on the whole image, then Reject (with what was said and
 * marked) or Approve. Problems are shown next to the field they are about, before sending (the
 * shared schema's limits) and after (the server's 400 names the same fields).
 */
export function ReviewDecision({
  jobId,
  image,
  tool,
  onTool,
  drafts,
  onDrafts,
  selected,
  onSelect,
  commentsRef,
  onDecided,
}: {
  jobId: string;
  image: JobImage;
  tool: MarkupTool;
  onTool: (tool: MarkupTool) => void;
  drafts: Draft[];
  onDrafts: (next: (drafts: Draft[]) => Draft[]) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  commentsRef: RefObject<CommentsHandle | null>;
  onDecided: (text: string) => void;
}) {
  const review = useReviewImage();
  const id = useId();
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fields = useRef<(HTMLTextAreaElement | null)[]>([]);
  useImperativeHandle(commentsRef, () => ({ focus: (index: number) => fields.current[index]?.focus() }), []);
  // A shape just drawn: its comment is next, so focus goes there once the list shows it.
  const shownCount = useRef(drafts.length);
  useLayoutEffect(() => {
    if (drafts.length > shownCount.current) fields.current[drafts.length - 1]?.focus();
    shownCount.current = drafts.length;
  }, [drafts.length]);
  const full = drafts.length >= maxAnnotationsPerImage;

  const send = (body: ImageReviewBody, done: string) => {
    const found = body.decision === 'REJECT' ? bodyProblems(body) : {};
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found).find((path) => /^body\.annotations\.\d+/.test(path));
      const index = first ? Number(first.split('.')[2]) : null;
      if (index !== null) fields.current[index]?.focus();
      return;
    }
    review.mutate(
      { jobId, imageId: image.id, body },
      {
        onSuccess: () => {
          setComment('');
          onDecided(done);
        },
        onError: (error) => {
          const named = serverProblems(error);
          if (named) setProblems(named);
          setFailure(apiErrorText(error, 'The decision could not be saved.', refusalReason));
        },
      },
    );
  };

  const listProblem = problems['body.annotations'];
  const marks = drafts.length;
  return (
    <div className="review-panel">
      <fieldset className="review-tools">
        <legend>Mark what to change</legend>
        {tools.map((option) => (
          <label key={option.tool} className="review-tools__tool">
            <input
              type="radio"
              name={`${id}-tool`}
              value={option.tool}
              checked={tool === option.tool}
              disabled={option.tool !== 'move' && full}
              onChange={() => onTool(option.tool)}
            />{' '}
            {option.label} <span className="form__hint">({option.hint})</span>
          </label>
        ))}
      </fieldset>
      <p className="form__hint" id={`${id}-count`}>
        {marks} of {maxAnnotationsPerImage} marks
        {full && ': the most one image can take. Delete one to mark another place.'}
      </p>
      {listProblem && (
        <p className="form__error" role="alert">
          {listProblem}
        </p>
      )}
      {marks > 0 && (
        <ol className="review-comments review-comments--edit" aria-label="Your marks">
          {drafts.map((draft, index) => {
            const error = problems[`body.annotations.${index}.comment`] ?? problems[`body.annotations.${index}`];
            const pointsError = problems[`body.annotations.${index}.points`];
            const fieldId = `${id}-mark-${index}`;
            return (
              <li
                key={index}
                className="review-comments__item"
                data-selected={selected === index || undefined}
                onFocus={() => onSelect(index)}
              >
                <span className="review-comments__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="review-comments__field">
                  <label htmlFor={fieldId}>
                    {index + 1}. {annotationKindLabels[draft.kind]}: what should change here? *
                  </label>
                  <textarea
                    id={fieldId}
                    ref={(element) => {
                      fields.current[index] = element;
                    }}
                    rows={2}
                    maxLength={maxAnnotationCommentLength}
                    value={draft.comment}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${fieldId}-error` : undefined}
                    onChange={(event) => {
                      const text = event.target.value;
                      onDrafts((list) => list.map((item, i) => (i === index ? { ...item, comment: text } : item)));
                    }}
                  />
                  {error && (
                    <p id={`${fieldId}-error`} className="form__error">
                      {error}
                    </p>
                  )}
                  {pointsError && <p className="form__error">{pointsError}</p>}
                  <button
                    type="button"
                    className="button button--light review-comments__delete"
                    aria-label={`Delete mark ${index + 1}`}
                    onClick={() => {
                      onDrafts((list) => list.filter((_, i) => i !== index));
                      onSelect(null);
                      setProblems({});
                    }}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="form__field">
        <label htmlFor={`${id}-comment`}>Comment on the whole image (optional)</label>
        <textarea
          id={`${id}-comment`}
          rows={2}
          maxLength={maxReviewCommentLength}
          value={comment}
          aria-invalid={problems['body.comment'] ? true : undefined}
          aria-describedby={problems['body.comment'] ? `${id}-comment-error` : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {problems['body.comment'] && (
          <p id={`${id}-comment-error`} className="form__error">
            {problems['body.comment']}
          </p>
        )}
      </div>
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
      <div className="review-panel__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={review.isPending}
          onClick={() =>
            send(
              rejectionBody(comment, drafts),
              `${image.fileName} rejected${marks > 0 ? ` with ${marks} ${marks === 1 ? 'mark' : 'marks'}` : ''}; send your rejections when you are done.`,
            )
          }
        >
          {review.isPending ? 'Saving...' : 'Reject'}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={review.isPending}
          onClick={() => send({ decision: 'APPROVE' }, `${image.fileName} approved.`)}
        >
          Approve
        </button>
      </div>
    </div>
  );
}
