/**
 * The validation library the forms share (zod, through shared/validators), started by itself: evaluated apart from
 * a screen's own chunks it makes two shorter tasks instead of one long one, so the page answers input sooner.
 */
export const loadValidation = () => import("@shared/validators/common");
