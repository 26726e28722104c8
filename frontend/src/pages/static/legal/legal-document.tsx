import { type LegalBlock as Block, LEGAL_DOCUMENTS, type LegalKey, type LegalText } from "@/lib/static-page-texts";
import { BulletList, Callout, InlineLink, LegalPage, LegalSection } from "./legal-page";

/**
 * The policy pages' texts live in content/legal-pages.json, which the server also renders for a
 * browser without JavaScript (templates/fallback/legal.html): one text, two renderings.
 */
export function Text({ text }: { text: LegalText }) {
  if (typeof text === "string") return text;
  return text.map((part, index) => {
    // The parts are fixed prose: their order never changes.
    if (typeof part === "string") return part;
    if ("strong" in part) {
      // biome-ignore lint/suspicious/noArrayIndexKey: static content
      return <strong key={index}>{part.strong}</strong>;
    }
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: static content
      <InlineLink key={index} to={part.to}>
        {part.link}
      </InlineLink>
    );
  });
}

function LegalBlock({ block }: { block: Block }) {
  if ("p" in block) {
    return (
      <p>
        <Text text={block.p} />
      </p>
    );
  }
  if ("list" in block) {
    return <BulletList items={block.list.map((item) => <Text key={JSON.stringify(item)} text={item} />)} />;
  }
  const { title, tone, paragraphs } = block.callout;
  return (
    <Callout title={title} tone={tone}>
      {paragraphs.map((paragraph) => (
        <p key={JSON.stringify(paragraph)}>
          <Text text={paragraph} />
        </p>
      ))}
    </Callout>
  );
}

/** A policy page of content/legal-pages.json under its heading (content/page-meta.json). */
export function LegalDocument({ page, title }: { page: LegalKey; title: string }) {
  const { updated, intro, sections } = LEGAL_DOCUMENTS[page];
  return (
    <LegalPage
      title={title}
      updated={updated}
      intro={intro.map((paragraph) => (
        <p key={JSON.stringify(paragraph)}>
          <Text text={paragraph} />
        </p>
      ))}
    >
      {sections.map((section) => (
        <LegalSection key={section.title} title={section.title}>
          {section.blocks.map((block) => (
            <LegalBlock key={JSON.stringify(block)} block={block} />
          ))}
        </LegalSection>
      ))}
    </LegalPage>
  );
}
