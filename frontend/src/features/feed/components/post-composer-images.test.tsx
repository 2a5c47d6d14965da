import { globalMessages, postImageMessages, postMessages } from '@careers/contracts/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf } from '../../../testing/a11y';
import { deferred } from '../../../testing/deferred';
import { countCalls, type FetchHandler, jsonReply, sentBodies } from '../../../testing/fake-api';
import { aFile, stubObjectUrls, uploadedReply } from '../../../testing/images';
import { adaAuthor, aPost, feedReply } from '../../../testing/posts';
import { openSignedIn } from '../../../testing/render-app';

const firstPage = '/api/posts/feed?limit=10';
const uploadUrl = '/api/posts/images';

/**
 * The feed with an empty list; each upload waits for the test to answer it (`uploads[n]`, in the
 * order sent), and a post is answered as the server would, with `others` for anything else.
 */
async function openComposer(others: FetchHandler = () => jsonReply(404, {})) {
  const urls = stubObjectUrls();
  const uploads: ReturnType<typeof deferred<Response>>[] = [];
  const opened = openSignedIn('/feed', (method, url, init) => {
    if (method === 'GET' && url === firstPage) return feedReply([]);
    if (method === 'POST' && url === uploadUrl) {
      const reply = deferred<Response>();
      uploads.push(reply);
      return reply.promise;
    }
    if (method === 'POST' && url === '/api/posts') {
      const body = JSON.parse(String(init?.body)) as { content: string };
      return jsonReply(201, {
        data: aPost({ content: body.content, author: adaAuthor, createdAt: new Date().toISOString() }),
      });
    }
    return others(method, url, init);
  });
  await screen.findByText(postMessages.noPosts);
  return { ...opened, urls, uploads };
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('.post-composer input[type="file"]');
  if (!input) throw new Error('no file input in the composer');
  return input;
}

function addImagesButton(): HTMLElement {
  return screen.getByRole('button', { name: postImageMessages.addImages });
}

function chosenImages(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: postImageMessages.images });
  return list ? within(list).getAllByRole('listitem') : [];
}

function composer(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: "What's on your mind?" }) as HTMLTextAreaElement;
}

function altField(n: number): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: `Alt text for image ${n}` }) as HTMLTextAreaElement;
}

function note(): string[] {
  return Array.from(document.querySelectorAll('.composer-images-note p'), (line) => line.textContent ?? '');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('post composer: images', () => {
  it('has a real Add images button that opens a hidden input of the four types, several at once', async () => {
    await openComposer();
    const input = fileInput();
    const click = vi.spyOn(input, 'click');

    addImagesButton().click();

    expect(click).toHaveBeenCalledTimes(1);
    expect(addImagesButton().tagName).toBe('BUTTON');
    expect([input.hidden, input.multiple, input.accept]).toEqual([
      true,
      true,
      'image/jpeg,image/png,image/gif,image/webp',
    ]);
  });

  it('previews and uploads each chosen picture at once, then posts them in order with their alt text', async () => {
    const { api, uploads, urls, user } = await openComposer();

    await user.upload(fileInput(), [aFile('beach.png'), aFile('dog.jpg', 'image/jpeg')]);

    const [first, second] = chosenImages() as [HTMLElement, HTMLElement];
    expect(chosenImages()).toHaveLength(2);
    expect(within(first).getByRole('img', { name: 'Image 1: beach.png' }).getAttribute('src')).toBe('blob:1');
    expect(within(second).getByRole('img', { name: 'Image 2: dog.jpg' }).getAttribute('src')).toBe('blob:2');
    expect(within(first).getByText('Uploading...')).toBeTruthy();
    expect(first.getAttribute('aria-busy')).toBe('true');
    // Each file in the multipart field `image`, one request each.
    const sent = sentBodies(api, 'POST', uploadUrl) as FormData[];
    expect(sent.map((body) => (body.get('image') as File).name)).toEqual(['beach.png', 'dog.jpg']);

    // The alt text field: its label, its hint.
    expect(descriptionOf(altField(1))).toEqual([postImageMessages.altHint]);
    await user.type(altField(1), '  Waves at sunset ');
    await user.type(altField(2), 'A beagle');

    await act(async () => {
      uploads[1]?.resolve(uploadedReply('22222222-2222-4222-8222-222222222222'));
      uploads[0]?.resolve(uploadedReply('11111111-1111-4111-8111-111111111111'));
    });
    await waitFor(() => expect(within(first).getByText(postImageMessages.uploaded)).toBeTruthy());
    expect(first.getAttribute('aria-busy')).toBeNull();

    await user.type(composer(), 'Weekend');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    await screen.findByRole('article');
    expect(sentBodies(api, 'POST', '/api/posts')).toEqual([
      {
        content: 'Weekend',
        type: 'text',
        category: 'Career',
        visibility: 'public',
        images: [
          { imageId: '11111111-1111-4111-8111-111111111111', alt: 'Waves at sunset' },
          { imageId: '22222222-2222-4222-8222-222222222222', alt: 'A beagle' },
        ],
      },
    ]);
    // Published: the pictures leave the composer, and their previews' memory with them.
    expect(chosenImages()).toEqual([]);
    expect(urls.revoke.mock.calls.map(([url]) => url).sort()).toEqual(['blob:1', 'blob:2']);
  });

  it('keeps Post from sending while a picture uploads, and says why', async () => {
    const { api, uploads, user } = await openComposer();
    await user.type(composer(), 'With a picture');
    await user.upload(fileInput(), aFile('chart.webp', 'image/webp'));

    const post = screen.getByRole('button', { name: 'Post' });
    expect(post.getAttribute('aria-disabled')).toBe('true');
    expect(descriptionOf(post)).toEqual([postImageMessages.waitForUploads]);
    await user.click(post);
    expect(countCalls(api, 'POST', '/api/posts')).toBe(0);

    await act(async () => uploads[0]?.resolve(uploadedReply()));
    await waitFor(() => expect(post.getAttribute('aria-disabled')).toBeNull());
    expect(post.getAttribute('aria-describedby')).toBeNull();
    await user.click(post);
    await waitFor(() => expect(countCalls(api, 'POST', '/api/posts')).toBe(1));
  });

  it('refuses a file of another type, or too large, before sending it, in the server words', async () => {
    const { api } = await openComposer();
    // The accept attribute is only a hint: a person can choose "All files".
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(fileInput(), [
      aFile('notes.txt', 'text/plain'),
      aFile('scan.bmp', 'image/bmp'),
      aFile('huge.jpg', 'image/jpeg', 10.5),
      aFile('fine.gif', 'image/gif'),
    ]);

    expect(note()).toEqual([
      'notes.txt: Please upload an image file',
      'scan.bmp: Please upload a JPEG, PNG, GIF or WebP image',
      'huge.jpg: Image too large. Maximum size: 10MB',
    ]);
    expect(note().slice(1, 3)).toEqual([
      `scan.bmp: ${postMessages.imageTypeNotSupported}`,
      `huge.jpg: ${postMessages.imageTooLarge(10 * 1024 * 1024)}`,
    ]);
    expect(document.querySelector('.composer-images-note')?.getAttribute('aria-live')).toBe('polite');
    expect(descriptionOf(addImagesButton())).toEqual([note().join('')]);
    // Only the one that passed went up.
    expect(chosenImages()).toHaveLength(1);
    expect(countCalls(api, 'POST', uploadUrl)).toBe(1);
  });

  it('takes four pictures at most: a fifth is refused, and Add images then says so', async () => {
    const { api, user } = await openComposer();

    await user.upload(fileInput(), [aFile('1.png'), aFile('2.png'), aFile('3.png')]);
    await user.upload(fileInput(), [aFile('4.png'), aFile('5.png')]);

    expect(chosenImages()).toHaveLength(4);
    expect(countCalls(api, 'POST', uploadUrl)).toBe(4);
    expect(note()).toEqual([postMessages.tooManyImages]);

    const add = addImagesButton();
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const click = vi.spyOn(fileInput(), 'click');
    await user.click(screen.getByRole('button', { name: 'Remove image 4' }));
    expect(note()).toEqual([]);
    await user.upload(fileInput(), aFile('6.png'));
    await user.click(add);
    expect(click).not.toHaveBeenCalled();
    expect(note()).toEqual(['A post can have at most 4 images']);
  });

  it('shows a failed upload with the server message on that picture, which Post points to until removed', async () => {
    const { api, uploads, urls, user } = await openComposer();
    await user.type(composer(), 'Two pictures');
    await user.upload(fileInput(), [aFile('ok.png'), aFile('fake.png')]);

    await act(async () => {
      uploads[0]?.resolve(uploadedReply('11111111-1111-4111-8111-111111111111'));
      uploads[1]?.resolve(jsonReply(400, { message: postMessages.imageNotImage }));
    });

    const failed = chosenImages()[1] as HTMLElement;
    await waitFor(() => expect(within(failed).getByText(postMessages.imageNotImage)).toBeTruthy());
    expect(within(failed).queryByRole('textbox')).toBeNull();
    const remove = within(failed).getByRole('button', { name: 'Remove image 2' });
    expect(descriptionOf(remove)).toEqual([postMessages.imageNotImage]);
    // Refused for what the file is: sending it again would only be refused again.
    expect(within(failed).queryByRole('button', { name: 'Retry image 2' })).toBeNull();

    const post = screen.getByRole('button', { name: 'Post' });
    expect(post.getAttribute('aria-disabled')).toBe('true');
    expect(descriptionOf(post)).toEqual([postImageMessages.removeFailedImages]);
    await user.click(post);
    expect(countCalls(api, 'POST', '/api/posts')).toBe(0);
    expect(document.activeElement).toBe(remove);

    await user.click(remove);
    expect(chosenImages()).toHaveLength(1);
    expect(urls.revoke).toHaveBeenCalledWith('blob:2');
    expect(document.activeElement).toBe(addImagesButton());
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(countCalls(api, 'POST', '/api/posts')).toBe(1));
    expect(sentBodies(api, 'POST', '/api/posts')[0]).toMatchObject({
      images: [{ imageId: '11111111-1111-4111-8111-111111111111', alt: '' }],
    });
  });

  it('sends a picture whose upload failed on the way again with Retry, then posts it', async () => {
    const { api, uploads, user } = await openComposer();
    await user.type(composer(), 'One picture');
    await user.upload(fileInput(), [aFile('photo.png')]);
    await act(async () => {
      // The server failing (a 502 to 504 the client sends again by itself, with the same key).
      uploads[0]?.resolve(jsonReply(500, { message: 'Internal error' }));
    });
    const picture = chosenImages()[0] as HTMLElement;
    const retry = await within(picture).findByRole('button', { name: 'Retry image 1' });
    expect(descriptionOf(retry)).toEqual([globalMessages.serverError]);
    expect(descriptionOf(screen.getByRole('button', { name: 'Post' }))).toEqual([
      postImageMessages.removeFailedImages,
    ]);

    await user.click(retry);
    expect(countCalls(api, 'POST', uploadUrl)).toBe(2);
    expect(within(picture).getByText(postImageMessages.uploading)).toBeTruthy();
    expect(document.activeElement).toBe(altField(1));
    await act(async () => {
      uploads[1]?.resolve(uploadedReply('22222222-2222-4222-8222-222222222222'));
    });
    await waitFor(() => expect(within(picture).getByText(postImageMessages.uploaded)).toBeTruthy());
    expect(within(picture).queryByRole('button', { name: 'Retry image 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(countCalls(api, 'POST', '/api/posts')).toBe(1));
    expect(sentBodies(api, 'POST', '/api/posts')[0]).toMatchObject({
      images: [{ imageId: '22222222-2222-4222-8222-222222222222', alt: '' }],
    });
  });

  it('removes a picture by its name, revokes its preview and moves the focus to the next one, else to Add images', async () => {
    const { urls, user } = await openComposer();
    await user.upload(fileInput(), [aFile('a.png'), aFile('b.png'), aFile('c.png')]);
    await user.type(altField(3), 'Third');

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));

    expect(chosenImages().map((item) => within(item).getByRole('img').getAttribute('alt'))).toEqual([
      'Image 1: a.png',
      'Image 2: c.png',
    ]);
    expect(urls.revoke).toHaveBeenCalledWith('blob:2');
    // The next picture, now the second, has the focus in its alt text, which it kept.
    expect(document.activeElement).toBe(altField(2));
    expect(altField(2).value).toBe('Third');

    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(document.activeElement).toBe(addImagesButton());
    expect(chosenImages()).toHaveLength(1);
  });

  it('keeps alt text past its limit whole, says so, and sends Post back to it', async () => {
    const { api, uploads, user } = await openComposer();
    await user.type(composer(), 'Described');
    await user.upload(fileInput(), aFile('long.png'));
    await act(async () => uploads[0]?.resolve(uploadedReply()));
    await waitFor(() => expect(screen.getByText(postImageMessages.uploaded)).toBeTruthy());

    await user.click(altField(1));
    await user.paste('d'.repeat(1001));

    expect(altField(1).value).toHaveLength(1001);
    expect(altField(1).getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(altField(1))).toEqual([
      postImageMessages.altHint,
      'Alt text can be at most 1,000 characters. Remove 1 to post.',
    ]);
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post.getAttribute('aria-disabled')).toBe('true');
    await user.click(post);
    expect(countCalls(api, 'POST', '/api/posts')).toBe(0);
    expect(document.activeElement).toBe(altField(1));
  });

  it('stops the uploads and revokes the previews when the screen goes', async () => {
    const { router, urls, user } = await openComposer();
    await user.upload(fileInput(), [aFile('a.png'), aFile('b.png')]);

    await act(() => router.navigate('/settings'));

    await waitFor(() => expect(urls.revoke).toHaveBeenCalledTimes(2));
    expect(urls.revoke.mock.calls.map(([url]) => url).sort()).toEqual(['blob:1', 'blob:2']);
  });
});
