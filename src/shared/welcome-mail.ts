/**
 * The welcome mail a fan gets once, on confirming their address (issue 12). The admin edits its
 * subject and content in Settings ('welcome-subject', 'welcome-content'); until then these
 * built-in texts go out, signed with the band's name. The content is what an admin would type:
 * plain text with blank lines between paragraphs, or the newsletter's basic HTML.
 */
export const WELCOME_SUBJECT_MAX = 200;

export function defaultWelcomeSubject(bandName: string): string {
  return `Welcome to the ${bandName} mailing list`;
}

export function defaultWelcomeContent(bandName: string): string {
  return `Hey, welcome aboard!

You're on the list now, so you'll hear it from us first: new shows, new records, and the odd batch of shirts before it's gone.

We don't write often and we never share your address. If you only want some of it, or want to tell us where you live so we can write when we play near you, use the preferences link at the bottom of this mail.

See you up front,
${bandName}`;
}
