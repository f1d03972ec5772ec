/**
 * Spec §8's texts for the two contact forms (the contact page's and the footer's), in a module of
 * their own: the footer form is in every page's first load, the contact page's form is not.
 */
export const contactSuccessMessage = 'Your message has been sent successfully!';
/** After the server's own words, when it sent none; 'Network error occurred' when nothing answered. */
export const submitFailedMessage = 'Failed to submit form';
