/**
 * A form's body at most: far above any form of the site, far below what could hurt the
 * process. The server refuses a larger body of any request as it streams it.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;
