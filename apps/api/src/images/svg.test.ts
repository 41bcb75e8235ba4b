/**
 * @jest-environment jsdom
 */
// jsdom provides a real XML parser, so well-formedness is checked by parsing, not by regex.
import { generateCatalogue } from '../seed/generate';
import type { SeedProduct } from '../seed/types';
import { FRONT_FRAME_IMAGE } from '@eyewear/face/geometry';
import { drawProductImage, type ImageView } from './svg';

const { products } = generateCatalogue();
const VIEWS: ImageView[] = ['front', 'side', 'worn'];

function find(predicate: (p: SeedProduct) => boolean): SeedProduct {
  const product = products.find(predicate);
  if (!product) throw new Error('no seed product matches');
  return product;
}

// The API project compiles without the DOM lib, so the parser's few members are typed here.
interface XmlElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
}
interface XmlDocument {
  documentElement: XmlElement;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
const { DOMParser } = globalThis as unknown as {
  DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument };
};

function parse(svg: string): XmlDocument {
  return new DOMParser().parseFromString(svg, 'image/svg+xml');
}

const eyeglasses = find((p) => p.classification === 'eyeframe' && p.frameShape === 'round' && p.frameType === 'full-rim');
const sample: SeedProduct[] = [
  eyeglasses,
  find((p) => p.classification === 'sunglasses' && p.frameShape === 'aviator'),
  find((p) => p.frameType === 'half-rim'),
  find((p) => p.frameType === 'rimless'),
  find((p) => p.gender === 'kids'),
  find((p) => p.classification === 'contact_lens'),
  find((p) => p.classification === 'contact_lens_solution'),
  find((p) => p.classification === 'accessories' && /case/i.test(p.modelName)),
  find((p) => p.classification === 'accessories' && /chain/i.test(p.modelName)),
  find((p) => p.classification === 'accessories' && /spray/i.test(p.modelName)),
  find((p) => p.id === 128269),
];

describe('drawProductImage', () => {
  it.each(sample.flatMap((p) => VIEWS.map((view) => [p.classification, p.id, view, p] as const)))(
    'draws a well-formed standalone SVG for %s %i (%s)',
    (_classification, _id, view, product) => {
      const svg = drawProductImage(product, view);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain(product.colourHex);
      expect(new TextEncoder().encode(svg).length).toBeLessThan(4096);

      const doc = parse(svg);
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      const root = doc.documentElement;
      expect(root.tagName).toBe('svg');
      const height = view === 'worn' ? '450' : '300';
      expect(root.getAttribute('viewBox')).toBe(`0 0 600 ${height}`);
      expect(root.getAttribute('width')).toBe('600');
      expect(root.getAttribute('height')).toBe(height);
      expect(doc.getElementsByTagName('title')[0]?.textContent).toContain(product.modelName);
    },
  );

  it("draws a frame's lenses centred where the try-ons place the front image (FRONT_FRAME_IMAGE, issue 43)", () => {
    const svg = drawProductImage(eyeglasses, 'front');
    const [left, right] = FRONT_FRAME_IMAGE.lensCentres;
    expect(svg).toContain(`viewBox="0 0 ${FRONT_FRAME_IMAGE.width} ${FRONT_FRAME_IMAGE.height}"`);
    // The round lens is a circle around its translate: the paths sit on the two centres.
    expect([...svg.matchAll(/<path transform="translate\((\d+) (\d+)\)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }))).toEqual([right, left]);
  });

  it('carries no external references', () => {
    for (const product of products) {
      for (const view of VIEWS) {
        const svg = drawProductImage(product, view);
        const withoutNamespace = svg.replace('xmlns="http://www.w3.org/2000/svg"', '');
        expect(withoutNamespace).not.toMatch(/https?:|\/\/|<image|<script|<foreignObject|@import|xlink/i);
        expect(withoutNamespace).not.toMatch(/\shref=/);
      }
    }
  });

  it('stays under 4 KB for every product and view', () => {
    const largest = Math.max(...products.flatMap((p) => VIEWS.map((view) => drawProductImage(p, view).length)));
    expect(largest).toBeLessThan(4096);
  });

  it('names brand, model and colour in the title, escaped', () => {
    const harbour = find((p) => p.brandId === 4 && p.frameColour !== undefined);
    const doc = parse(drawProductImage(harbour, 'front'));
    const title = doc.getElementsByTagName('title')[0]?.textContent ?? '';
    expect(title).toContain('Harbour & Co');
    expect(title).toContain(harbour.modelName);
    expect(title).toContain(harbour.frameColour);
    expect(drawProductImage(harbour, 'front')).toContain('Harbour &amp; Co');
  });

  it('differs by view', () => {
    for (const product of sample) {
      const drawn = VIEWS.map((view) => drawProductImage(product, view));
      expect(new Set(drawn).size).toBe(VIEWS.length);
    }
  });

  it('differs by frame shape with everything else equal', () => {
    const shapes = ['round', 'rectangle', 'square', 'aviator', 'cat-eye', 'wayfarer', 'oval', 'geometric', 'clubmaster', 'hexagonal'] as const;
    for (const view of VIEWS) {
      const drawn = shapes.map((frameShape) => drawProductImage({ ...eyeglasses, frameShape }, view));
      expect(new Set(drawn).size).toBe(shapes.length);
    }
  });

  it('differs by colour and between eyeglasses and sunglasses', () => {
    const recoloured = { ...eyeglasses, colourHex: '#123456', frameColour: 'Test Blue' };
    expect(drawProductImage(recoloured, 'front')).toContain('#123456');
    expect(drawProductImage(recoloured, 'front')).not.toContain(eyeglasses.colourHex);
    const asSunglasses = drawProductImage({ ...eyeglasses, classification: 'sunglasses' }, 'front');
    expect(asSunglasses).not.toBe(drawProductImage(eyeglasses, 'front'));
  });

  it('draws different packshots for lenses, solutions, accessories and the membership', () => {
    const packshots = ['contact_lens', 'contact_lens_solution', 'accessories', 'loyalty_services'].map((classification) =>
      drawProductImage({ ...eyeglasses, classification: classification as SeedProduct['classification'] }, 'front'),
    );
    expect(new Set(packshots).size).toBe(4);
    // None of them may fall back to drawing the round lens outline.
    for (const svg of packshots) expect(svg).not.toContain('a82 82');
  });
});
