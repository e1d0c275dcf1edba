// The advisory render cache: a revision is rendered once while its content stays the same, again when the
// content differs, and the least recently read revision is the one dropped when the cache is full.
import { expect, it } from 'vitest';
import { cachedRevisionRenderer } from './render-cache.ts';

it('renders a revision once, again when its content changed, and drops the least recently read', () => {
  const rendered: string[] = [];
  const render = cachedRevisionRenderer((markdown) => {
    rendered.push(markdown);
    return `<p>${markdown}</p>`;
  }, 2);
  expect(render({ id: 1, content: 'one' })).toBe('<p>one</p>');
  expect(render({ id: 1, content: 'one' })).toBe('<p>one</p>');
  expect(rendered).toEqual(['one']);
  expect(render({ id: 1, content: 'one, edited' })).toBe('<p>one, edited</p>');
  expect(rendered).toEqual(['one', 'one, edited']);

  render({ id: 2, content: 'two' });
  render({ id: 1, content: 'one, edited' }); // read: 2 is now the least recently read
  render({ id: 3, content: 'three' }); // full: drops 2
  rendered.length = 0;
  render({ id: 1, content: 'one, edited' });
  render({ id: 2, content: 'two' });
  expect(rendered).toEqual(['two']);
});
