/** Every query key of the staff job openings, built here and nowhere else. */
export const openingKeys = {
  all: ['staff-openings'] as const,
  lists: () => [...openingKeys.all, 'list'] as const,
};
