/** "12 approved, 2 sent back": the images a client answered in a review it sent (#34), one phrase for the timeline and the e-mails. */
export function reviewCountsText(review: { approved: number; sentBack: number }): string {
  return `${review.approved} approved, ${review.sentBack} sent back`;
}
