import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GalleryImage } from '@golf/contract/api/gallery';
import { renderRoutes } from '../../testing/render';
import { apiError, deferred, fakeApi, json, noContent } from '../../testing/api';
import { overallProgress } from './api/upload-gallery-images';
import { GalleryPage } from './components/gallery-page';
import { EMPTY_SELECTION, liveSelection, toggleAll, toggleSelected } from './utils/selection';

const image = (id: number): GalleryImage => ({
  id,
  club_id: 1,
  url: `/files/public/clubs/1/gallery/${id}.jpg?v=1`,
  thumb_url: `/files/public/clubs/1/gallery/${id}-thumb.jpg?v=1`,
  width: 1600,
  height: 1200,
  bytes: 200_000,
  created_at: '2030-01-01T00:00:00.000Z',
});

const renderGallery = () => renderRoutes([{ path: '/:clubId/club/gallery', element: <GalleryPage /> }], '/1/club/gallery');

describe('gallery selection (§4, §5)', () => {
  it('toggles per image and cancels to empty', () => {
    let s = toggleSelected(EMPTY_SELECTION, 3);
    s = toggleSelected(s, 5);
    expect(s).toEqual([3, 5]);
    expect(toggleSelected(s, 3)).toEqual([5]);
    expect(toggleAll(s, [3, 5])).toEqual([]);
    expect(toggleAll([3], [3, 5])).toEqual([3, 5]);
    expect(toggleAll([], [])).toEqual([]);
    expect(liveSelection([3, 5, 9], [5, 9, 10])).toEqual([5, 9]);
  });

  it('adds up upload progress over several files by size', () => {
    expect(overallProgress([100, 300], 0, 50)).toBe(13);
    expect(overallProgress([100, 300], 1, 0)).toBe(25);
    expect(overallProgress([100, 300], 1, 100)).toBe(100);
    expect(overallProgress([], 0, 0)).toBe(100);
  });
});

// The MUI dialogs render slowly on a busy machine: each test has 20 s.
describe('<GalleryPage>', { timeout: 20_000 }, () => {
  it('shows thumbnails, deletes the selected image after confirmation, and does nothing for an empty selection', async () => {
    let images = [image(1), image(2), image(3)];
    fakeApi.get('clubs/1/gallery', () => images);
    fakeApi.delete('clubs/1/gallery/:id', ({ params }) => {
      images = images.filter((i) => i.id !== Number(params.id));
      return noContent();
    });
    renderGallery();

    const list = await screen.findByRole('list', { name: 'Gallery images' });
    expect(within(list).getAllByRole('img')).toHaveLength(3);
    expect(within(list).getByRole('img', { name: 'Image 2, 1600 × 1200' })).toHaveAttribute('src', image(2).thumb_url);
    expect(screen.getByText('3 of 200 images')).toBeInTheDocument();

    const deleteButton = screen.getByRole('button', { name: 'Delete selected (0)' });
    expect(deleteButton).toBeDisabled();

    // Select by keyboard: tab to the second checkbox and press space.
    const second = screen.getByRole('checkbox', { name: 'Select Image 2, 1600 × 1200' });
    second.focus();
    await userEvent.keyboard(' ');
    expect(second).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 image?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.sent('DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 image deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('img')).toHaveLength(2));
    const deletes = fakeApi.sent('DELETE').map((r) => r.url);
    expect(deletes).toEqual(['/api/clubs/1/gallery/2']);
    expect(screen.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();
  });

  it('shows the empty state, and an error with Retry', async () => {
    let fail = true;
    fakeApi.get('clubs/1/gallery', () => (fail ? apiError(403, 'This needs the club-gallery role in this club') : []));
    renderGallery();
    expect(await screen.findByText('This needs the club-gallery role in this club')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No images yet')).toBeInTheDocument();
  });

  it('uploads two images in the dialog with a progress bar, adds them, and closes', async () => {
    let images: GalleryImage[] = [];
    let next = 10;
    fakeApi.get('clubs/1/gallery', () => images);
    // The uploads are answered, each with the next stored image, once the test has looked at the dialog meanwhile.
    const answer = deferred();
    fakeApi.post('clubs/1/gallery', async () => {
      await answer.promise;
      const stored = image(next++);
      images = [...images, stored];
      return json(stored, 201);
    });
    renderGallery();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload images' });
    const files = [
      new File([new Uint8Array(2000)], 'green.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array(3000)], 'clubhouse.png', { type: 'image/png' }),
      new File(['x'], 'members.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    ];
    await userEvent.upload(screen.getByTestId('gallery-file-input'), files, { applyAccept: false });
    expect(within(dialog).getByText('Not an image (JPEG, PNG, WebP or GIF)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 images' }));
    // While uploading: a progress bar, and nothing to click that would close the dialog.
    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(Number(progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    expect(within(dialog).getByText(/Uploading image 1 of 2/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Upload images' })).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByText('2 images uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.sent('POST').map((s) => [s.method, s.url, ((s.body as FormData).get('data') as File).name])).toEqual([
      ['POST', '/api/clubs/1/gallery', 'green.jpg'],
      ['POST', '/api/clubs/1/gallery', 'clubhouse.png'],
    ]);
    const list = await screen.findByRole('list', { name: 'Gallery images' });
    await waitFor(() => expect(within(list).getAllByRole('img')).toHaveLength(2));
  });

  it('keeps a refused file listed with the server’s reason', async () => {
    fakeApi.get('clubs/1/gallery', []);
    fakeApi.post('clubs/1/gallery', apiError(415, '"fake.jpg" is not an image. Upload a JPEG, PNG, WebP or GIF file.'));
    renderGallery();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload images' });
    await userEvent.upload(screen.getByTestId('gallery-file-input'), new File(['<html>'], 'fake.jpg', { type: 'image/jpeg' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 1 image' }));
    expect(await within(dialog).findByText('"fake.jpg" is not an image. Upload a JPEG, PNG, WebP or GIF file.')).toBeInTheDocument();
    expect(screen.getByText('1 image could not be uploaded')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Upload images' })).toBeInTheDocument();
  });
});
