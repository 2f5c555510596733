/** spec 1 §4: "the link flow sends a link and stores the e-mail locally". */
export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';
