/** The signed-in user as the shell needs it. */
export interface Viewer {
  id: string;
  username: string;
  firstName: string;
  img: string | null;
}

/**
 * Who is looking at the page. Sessions arrive with the accounts issue
 * (issue 3); until then every visitor is signed out, and the shell renders
 * its signed-out variants (spec 1 §2 "Shell").
 */
export function useViewer(): Viewer | null {
  return null;
}
