import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Testimonial } from '@studio/shared/testimonial';
import { FormField } from '../../../components/form-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { staffApiRequest } from '../../../lib/staff-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useSlides, useTestimonialList } from '../api/home-content.ts';
import { moveId } from './service-images-manager.tsx';
import { TextArea } from './service-forms.tsx';
import { ConfirmDelete, ImageUploadField, QueryState, slotUrl, type ImageSlot } from './staff-widgets.tsx';

function MoveButtons({
  label,
  index,
  count,
  disabled,
  onMove,
}: {
  label: string;
  index: number;
  count: number;
  disabled: boolean;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <button
        type="button"
        className="button button--secondary sc-small"
        aria-label={`Move ${label} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button--secondary sc-small"
        aria-label={`Move ${label} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </button>
    </>
  );
}

/** Slider images: the hero and banner carousels of the home page. */
function SlidesPanel() {
  const queryClient = useQueryClient();
  const slides = useSlides();
  const { notice, show, dismiss } = useTimedNotice();
  const [slot, setSlot] = useState<ImageSlot>({ state: 'empty' });
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const list = slides.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['slider-images'] });

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      show({ kind: 'success', text: success });
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, failure, { issues: 'only' }) });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  const url = slotUrl(slot);
  return (
    <section className="staff-card sc-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Slider and carousel images</h2>
      <p className="sc-muted">These images are the home page's hero carousel and the banner carousel, in this order.</p>
      <Notice notice={notice} onDismiss={dismiss} />
      <div className="sc-actions">
        <ImageUploadField label="New slide" slot={slot} onChange={setSlot} />
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !url}
          onClick={() =>
            void run(
              async () => {
                await staffApiRequest('createSliderImage', { body: { imagePath: url! } });
                setSlot({ state: 'empty' });
              },
              'Slide added.',
              'Failed to add the slide.',
            )
          }
        >
          Add slide
        </button>
      </div>
      <QueryState isPending={slides.isPending} error={slides.error} retry={() => void slides.refetch()} />
      {slides.isSuccess && list.length === 0 && <p className="staff-empty">No slides yet.</p>}
      <ol className="sc-list">
        {list.map((slide, index) => (
          <li key={slide.id}>
            <img className="sc-thumb" src={slide.imagePath} alt={`Slide ${index + 1}`} width={120} height={90} />
            <span>Slide {index + 1}</span>
            <div className="sc-actions">
              <MoveButtons
                label={`slide ${index + 1}`}
                index={index}
                count={list.length}
                disabled={busy}
                onMove={(to) =>
                  void run(
                    () =>
                      staffApiRequest('reorderSliderImages', {
                        body: {
                          ids: moveId(
                            list.map((s) => s.id),
                            index,
                            to,
                          ),
                        },
                      }),
                    'Slides reordered.',
                    'Failed to reorder the slides.',
                  )
                }
              />
              <ConfirmDelete
                question="Are you sure you want to delete this slide?"
                disabled={busy}
                onConfirm={() =>
                  void run(
                    () => staffApiRequest('deleteSliderImage', { params: { id: slide.id } }),
                    'Slide deleted.',
                    'Failed to delete the slide.',
                  )
                }
              />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function TestimonialForm({ existing, onDone }: { existing?: Testimonial; onDone: (message: string) => void }) {
  const [text, setText] = useState(existing?.text ?? '');
  const [author, setAuthor] = useState(existing?.author ?? '');
  const [position, setPosition] = useState(existing?.position ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || !author.trim()) {
      setError('Text and author are required.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const body = { text, author, position };
      const { message } = existing
        ? await staffApiRequest('updateTestimonial', { params: { id: existing.id }, body })
        : await staffApiRequest('createTestimonial', { body });
      onDone(message);
      if (!existing) {
        setText('');
        setAuthor('');
        setPosition('');
      }
    } catch (caught) {
      setError(apiErrorText(caught, 'Failed to save the testimonial.', { issues: 'only' }));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form sc-form" onSubmit={(event) => void submit(event)} noValidate>
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
      <TextArea label="Testimonial" required maxLength={1000} value={text} onChange={setText} />
      <div className="form__row">
        <FormField label="Author *" value={author} maxLength={100} onChange={(e) => setAuthor(e.target.value)} />
        <FormField label="Position" value={position} maxLength={100} onChange={(e) => setPosition(e.target.value)} />
      </div>
      <div className="sc-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Saving...' : existing ? 'Save' : 'Add testimonial'}
        </button>
        {existing && (
          <button type="button" className="button button--secondary" onClick={() => onDone('')}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function TestimonialsPanel() {
  const queryClient = useQueryClient();
  const testimonials = useTestimonialList();
  const { notice, show, dismiss } = useTimedNotice();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const list = testimonials.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['testimonials'] });

  async function run(action: () => Promise<unknown>, success: string, failure: string) {
    setBusy(true);
    try {
      await action();
      show({ kind: 'success', text: success });
    } catch (error) {
      show({ kind: 'error', text: apiErrorText(error, failure, { issues: 'only' }) });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  return (
    <section className="staff-card sc-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Testimonials</h2>
      <Notice notice={notice} onDismiss={dismiss} />
      <TestimonialForm
        onDone={(message) => {
          show({ kind: 'success', text: message });
          void refresh();
        }}
      />
      <QueryState
        isPending={testimonials.isPending}
        error={testimonials.error}
        retry={() => void testimonials.refetch()}
      />
      {testimonials.isSuccess && list.length === 0 && <p className="staff-empty">No testimonials yet.</p>}
      <ol className="sc-list">
        {list.map((testimonial, index) =>
          editing === testimonial.id ? (
            <li key={testimonial.id}>
              <TestimonialForm
                existing={testimonial}
                onDone={(message) => {
                  setEditing(null);
                  if (message) show({ kind: 'success', text: message });
                  void refresh();
                }}
              />
            </li>
          ) : (
            <li key={testimonial.id}>
              <div>
                <p>“{testimonial.text}”</p>
                <p className="sc-muted">
                  {testimonial.author}
                  {testimonial.position ? `, ${testimonial.position}` : ''}
                </p>
              </div>
              <div className="sc-actions">
                <MoveButtons
                  label={`testimonial by ${testimonial.author}`}
                  index={index}
                  count={list.length}
                  disabled={busy}
                  onMove={(to) =>
                    void run(
                      () =>
                        staffApiRequest('reorderTestimonials', {
                          body: {
                            ids: moveId(
                              list.map((t) => t.id),
                              index,
                              to,
                            ),
                          },
                        }),
                      'Testimonials reordered.',
                      'Failed to reorder the testimonials.',
                    )
                  }
                />
                <button
                  type="button"
                  className="button button--secondary sc-small"
                  onClick={() => setEditing(testimonial.id)}
                >
                  Edit
                </button>
                <ConfirmDelete
                  question="Are you sure you want to delete this testimonial?"
                  disabled={busy}
                  onConfirm={() =>
                    void run(
                      () => staffApiRequest('deleteTestimonial', { params: { id: testimonial.id } }),
                      'Testimonial deleted.',
                      'Failed to delete the testimonial.',
                    )
                  }
                />
              </div>
            </li>
          ),
        )}
      </ol>
    </section>
  );
}

/** Home page content: slides and testimonials, changed without a deploy. */
export function HomeContentManager() {
  return (
    <div className="sc-stack">
      <p className="sc-muted">Changes show on the public home page within a minute.</p>
      <SlidesPanel />
      <TestimonialsPanel />
    </div>
  );
}
