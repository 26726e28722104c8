import { usePageMeta } from "@/lib/page-meta";
import { pageHeading, pageText } from "@/lib/page-texts";
import { LegalDocument } from "./legal/legal-document";

/** The text is content/legal-pages.json's, which the server shows too when JavaScript is off. */
export function Component() {
  usePageMeta(pageText("termsOfService"));
  return <LegalDocument page="termsOfService" title={pageHeading("termsOfService")} />;
}
