import type { PostImage } from '@careers/contracts/entities/post';
import { postImageMessages } from '@careers/contracts/messages';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonReply } from '../../../testing/fake-api';
import { anImage, installDialog } from '../../../testing/images';
import { aPost, feedReply } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';
import { PostImages } from './post-images';

function showImages(images: PostImage[]) {
  installDialog();
  const user = userEvent.setup();
  const { container } = render(<PostImages images={images} />);
  return { user, grid: container.querySelector('.post-images') };
}

function pictures(): HTMLImageElement[] {
  return within(screen.getByRole('list', { name: postImageMessages.images }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('img') as HTMLImageElement);
}

describe('post card: images', () => {
  it('shows the pictures under the text of the post, in its card', async () => {
    const image = anImage({ alt: 'The team at the launch' });
    openSignedIn('/feed', (method, url) =>
      method === 'GET' && url === '/api/posts/feed?limit=10'
        ? feedReply([aPost({ content: 'Launch day', images: [image] })])
        : jsonReply(404, {}),
    );

    const card = within(await screen.findByRole('article'));
    const list = card.getByRole('list', { name: 'Images' });
    expect(card.getByText('Launch day').compareDocumentPosition(list)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(within(list).getByRole('button', { name: 'The team at the launch' })).toBeTruthy();
  });

  it('shows nothing for a post without pictures', () => {
    const { grid } = showImages([]);
    expect(grid).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('draws one picture alone at full width, with both sizes, its own shape, loaded lazily', () => {
    const image = anImage({ alt: 'A chart of the quarter', width: 1200, height: 1600 });
    const { grid } = showImages([image]);

    const [picture] = pictures() as [HTMLImageElement];
    expect(grid?.className).toBe('post-images post-images-1');
    expect({
      src: picture.getAttribute('src'),
      srcset: picture.getAttribute('srcset'),
      sizes: picture.getAttribute('sizes'),
      alt: picture.getAttribute('alt'),
      width: picture.getAttribute('width'),
      height: picture.getAttribute('height'),
      loading: picture.getAttribute('loading'),
      decoding: picture.getAttribute('decoding'),
    }).toEqual({
      src: image.urls.small,
      srcset: `${image.urls.small} 640w, ${image.urls.large} 1600w`,
      sizes: '(max-width: 720px) 100vw, 640px',
      alt: 'A chart of the quarter',
      width: '1200',
      height: '1600',
      loading: 'lazy',
      decoding: 'async',
    });
  });

  it('lays out two, three and four pictures in a grid, in the author order, each half as wide', () => {
    for (const count of [2, 3, 4]) {
      const images = Array.from({ length: count }, (_, index) => anImage({ alt: `Picture ${index + 1}` }));
      const { grid } = showImages(images);

      expect(grid?.className).toBe(`post-images post-images-${count}`);
      expect(pictures().map((picture) => picture.alt)).toEqual(images.map((image) => image.alt));
      expect(pictures().map((picture) => picture.getAttribute('sizes'))).toEqual(
        images.map(() => '(max-width: 720px) 50vw, 320px'),
      );
      document.body.innerHTML = '';
    }
  });

  it('says that a picture posted without alt text has none, rather than leaving it nameless', () => {
    showImages([anImage({ alt: '' }), anImage({ alt: '   ' })]);

    expect(pictures().map((picture) => picture.alt)).toEqual([
      'No alternative text description for this image',
      'No alternative text description for this image',
    ]);
    expect(
      screen.getAllByRole('button', { name: 'No alternative text description for this image' }),
    ).toHaveLength(2);
  });

  it('opens a picture large in a named dialog, with its alt text under it; Close gives the focus back', async () => {
    const images = [
      anImage({ alt: 'First' }),
      anImage({ alt: 'Our new office,\nfrom the street', width: 1600, height: 1067 }),
      anImage({ alt: 'Third' }),
    ];
    const { user } = showImages(images);
    const opener = screen.getByRole('button', { name: 'Our new office,\nfrom the street' });
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Image 2 of 3' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const large = within(dialog).getByRole('img', { name: 'Our new office,\nfrom the street' });
    expect([large.getAttribute('src'), large.getAttribute('width'), large.getAttribute('height')]).toEqual([
      images[1]?.urls.large,
      '1600',
      '1067',
    ]);
    expect(dialog.querySelector('.image-dialog-alt')?.textContent).toBe('Our new office,\nfrom the street');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);

    await user.click(close);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape, and on a click beside the picture, giving the focus back each time', async () => {
    const { user } = showImages([anImage({ alt: 'Only one' })]);
    const opener = screen.getByRole('button', { name: 'Only one' });

    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Image 1 of 1' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    // On the picture itself: it stays open.
    await user.click(within(dialog).getByRole('img'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    // On the dialog's own box, which a browser draws as the backdrop around it.
    await user.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('writes no caption for a picture without alt text, and names it all the same', async () => {
    const { user } = showImages([anImage({ alt: '' })]);

    await user.click(screen.getByRole('button', { name: postImageMessages.noAltText }));

    const dialog = screen.getByRole('dialog', { name: 'Image 1 of 1' });
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe(postImageMessages.noAltText);
    expect(dialog.querySelector('.image-dialog-alt')).toBeNull();
  });
});
