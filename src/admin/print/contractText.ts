// The rental agreement's text lives in the domain (src/domain/contractText.ts): the print-edit
// screen and the server's PDFs fill the template the same way.
export * from "../../domain/contractText";
