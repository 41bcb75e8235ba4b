import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { type CommonCopy } from './common';
import { type Formatters } from './format';
import { webUrl } from './parts';
import { type Block, type Language, type MessageCopy } from './types';

/** What the shared layout puts around a template's message. */
export interface EmailProps {
  language: Language;
  copy: MessageCopy;
  common: CommonCopy;
  fmt: Formatters;
  /** `Hello Asha,` */
  greeting: string;
  /** Why the message is sent (transactional, not marketing). */
  footer: string;
  /** The store's address, for the store's name at the top. */
  siteUrl: string;
}

const font = 'Helvetica, Arial, sans-serif';
const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '560px', padding: '24px', borderRadius: '6px' },
  store: { color: '#000042', fontSize: '22px', fontWeight: 700, textDecoration: 'none' },
  heading: { color: '#000042', fontSize: '20px', margin: '16px 0 8px' },
  text: { color: '#333333', fontSize: '15px', lineHeight: '22px', margin: '8px 0' },
  line: { color: '#333333', fontSize: '14px', padding: '6px 0', borderBottom: '1px solid #e5e7eb' },
  amount: { color: '#333333', fontSize: '14px', padding: '6px 0', textAlign: 'right' as const, whiteSpace: 'nowrap' as const },
  total: { color: '#000042', fontSize: '15px', fontWeight: 700, padding: '8px 0' },
  label: { color: '#6b7280', fontSize: '14px', padding: '3px 12px 3px 0', width: '40%' },
  value: { color: '#333333', fontSize: '14px', padding: '3px 0' },
  button: { backgroundColor: '#000042', borderRadius: '4px', color: '#ffffff', fontSize: '15px', padding: '12px 20px', textDecoration: 'none' },
  footer: { color: '#6b7280', fontSize: '12px', lineHeight: '18px', margin: '8px 0' },
};

function EmailBlock({ block, common, fmt }: { block: Block; common: CommonCopy; fmt: Formatters }) {
  switch (block.type) {
    case 'text':
      return <Text style={styles.text}>{block.text}</Text>;
    case 'lines':
      return (
        <Section>
          {block.lines.map((line, index) => (
            <Row key={index}>
              <Column style={styles.line}>{`${line.name}, ${common.quantity} ${line.quantity}`}</Column>
              <Column style={{ ...styles.line, ...styles.amount }}>{fmt.price(line.amount)}</Column>
            </Row>
          ))}
          {block.total === undefined ? null : (
            <Row>
              <Column style={styles.total}>{common.total}</Column>
              <Column style={{ ...styles.total, ...styles.amount }}>{fmt.price(block.total)}</Column>
            </Row>
          )}
        </Section>
      );
    case 'facts':
      return (
        <Section>
          {block.facts.map(([label, value]) => (
            <Row key={label}>
              <Column style={styles.label}>{label}</Column>
              <Column style={styles.value}>{value}</Column>
            </Row>
          ))}
        </Section>
      );
    case 'link': {
      const url = webUrl(block.url);
      return url ? (
        <Section style={{ margin: '16px 0' }}>
          <Button href={url} style={styles.button}>
            {block.label}
          </Button>
        </Section>
      ) : null;
    }
  }
}

/**
 * The shared layout of every e-mail: the store's name, the greeting, the template's heading
 * and blocks, and the footer saying why it is sent. Every value is a React text child or
 * attribute, so React escapes what comes from data; no raw HTML is inserted.
 */
export function Email({ language, copy, common, fmt, greeting, footer, siteUrl }: EmailProps) {
  const home = webUrl(siteUrl);
  return (
    <Html lang={language}>
      <Head />
      <Preview>{copy.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {home ? (
            <Link href={home} style={styles.store}>
              {common.store}
            </Link>
          ) : (
            <Text style={styles.store}>{common.store}</Text>
          )}
          <Heading as="h1" style={styles.heading}>
            {copy.heading}
          </Heading>
          <Text style={styles.text}>{greeting}</Text>
          {copy.blocks.map((block, index) => (
            <EmailBlock key={index} block={block} common={common} fmt={fmt} />
          ))}
          <Hr />
          <Text style={styles.footer}>{footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

export const renderHtml = (props: EmailProps): Promise<string> => render(<Email {...props} />);

/** The plain-text e-mail: the same blocks, one after another. */
export function renderText({ copy, common, fmt, greeting, footer }: EmailProps): string {
  const block = (part: Block): string | null => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'lines':
        return [
          ...part.lines.map((line) => `- ${line.name}, ${common.quantity} ${line.quantity}: ${fmt.price(line.amount)}`),
          ...(part.total === undefined ? [] : [`${common.total}: ${fmt.price(part.total)}`]),
        ].join('\n');
      case 'facts':
        return part.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
      case 'link': {
        const url = webUrl(part.url);
        return url ? `${part.label}: ${url}` : null;
      }
    }
  };
  const parts = [common.store, copy.heading, greeting, ...copy.blocks.map(block), '--', footer];
  return `${parts.filter((part): part is string => part !== null).join('\n\n')}\n`;
}
