// Staff-written rich text (news and offer bodies, the terms and about texts) is stored as HTML
// and shown on the public site as HTML, so it is sanitised here, on the server, whatever the
// browser sent: only the tags the admin editor produces survive, links only to safe schemes.
// The sanitiser and its policy are shared with Cloud Functions, which sanitise the same fields
// on the Firebase adapter (src/domain/richTextSanitizer.ts, src/domain/richTextPolicy.ts).
export { looksLikeHtml, sanitizeRichText, sanitizeTextOrHtml } from "../../src/domain/richTextSanitizer";
