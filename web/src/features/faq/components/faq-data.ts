export interface FaqGroup {
  title: string;
  items: readonly { question: string; answer: string }[];
}

/** The question open when the FAQ first shows (spec §2). */
export const initiallyOpenQuestion = 'How is my image retouched?';

/** Four groups: General 4, Our Services 4, Quality 3, Editing 3 (spec §2). */
export const faqGroups: readonly FaqGroup[] = [
  {
    title: 'General',
    items: [
      {
        question: 'Who are your services for?',
        answer:
          'E-commerce sellers, photographers, studios and agencies who need consistent, marketplace-ready images, from a single photo to thousands a day.',
      },
      {
        question: 'How do I place an order?',
        answer:
          'Create an account, pick a service and its options on the quote page, give the number of photos and a cloud link or upload, and confirm the job.',
      },
      {
        question: 'Can I try before I order?',
        answer: 'Yes. Send one photo through the free-trial form and we edit it free of charge.',
      },
      {
        question: 'Which payment methods do you accept?',
        answer: 'Cards (Visa, Mastercard, American Express), PayPal, Stripe and bank transfer.',
      },
    ],
  },
  {
    title: 'Our Services',
    items: [
      {
        question: 'What services do you offer?',
        answer:
          'E-commerce, high-end, jewelry, headshot, newborn and model retouching, photo restoration and colour grading, among others.',
      },
      {
        question: 'Do you handle bulk orders?',
        answer: 'Yes. We deliver 500+ images a day and give discounts of up to 50% on bulk orders.',
      },
      {
        question: 'Do you offer a rush service?',
        answer: 'Yes. Ask for rush delivery when you order and we prioritise your job.',
      },
      {
        question: 'Do you accept embroidery digitising or raster-to-vector work?',
        answer: 'No. We edit photographs only; the free trial also accepts photo editing samples only.',
      },
    ],
  },
  {
    title: 'Quality',
    items: [
      {
        question: 'How do you make sure the quality is right?',
        answer: 'Every image is checked against your instructions by a second editor before delivery.',
      },
      {
        question: 'What if I am not happy with an image?',
        answer: 'Tell us what to change; revisions are free until the image matches your brief.',
      },
      {
        question: 'Will my images look consistent across a catalogue?',
        answer: 'Yes. Your own retoucher keeps the same crop, margins, shadows and colours on every batch.',
      },
    ],
  },
  {
    title: 'Editing',
    items: [
      {
        question: initiallyOpenQuestion,
        answer:
          'A retoucher works on your image by hand in professional software: clipping and masking, cleaning dust and blemishes, correcting colour and exposure, and finishing to your brief.',
      },
      {
        question: 'Which file formats can you deliver?',
        answer: 'JPG, PNG, PSD and TIFF, with layers or clipping paths kept when you ask for them.',
      },
      {
        question: 'How long does editing take?',
        answer: 'Most orders are delivered within 24 to 48 hours; rush orders sooner.',
      },
    ],
  },
];
