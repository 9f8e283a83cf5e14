import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSET_BUNDLE, bundleChanges, bundleNameOfFile, type AssetBundle, type AssetUpload, type BundleEntry } from '@golf/contract/api/assets';
import { fakeApi, isForm, json, noContent } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { AssetsPage } from './components/assets-page';
import { byElement } from './utils/format';
import { addFiles, nameProblem, pickProblem, uploadable } from './utils/upload-queue';

const entry = (path: string, sha256 = 'a'.repeat(64), bytes = 120): BundleEntry => ({
  path,
  category: path.startsWith('textures') ? 'textures' : 'icons',
  club_id: null,
  element_name: null,
  media_type: 'image/png',
  bytes,
  sha256,
});

const zip = (name: string, bytes = 2000) => new File([new Uint8Array(bytes)], name, { type: 'application/zip' });

describe('asset bundle rules', () => {
  it('names a bundle after its file, and refuses a file that is no zip or too large before sending it', () => {
    expect(bundleNameOfFile('Course icons.zip')).toBe('Course icons');
    expect(bundleNameOfFile('../(signs) 2026!.ZIP')).toBe('signs 2026');
    expect(pickProblem({ name: 'icons.zip', size: 10 })).toBeNull();
    expect(pickProblem({ name: 'icons.tar', size: 10 })).toBe('notZip');
    expect(pickProblem({ name: 'icons.zip', size: ASSET_BUNDLE.maxFileBytes + 1 })).toBe('tooLarge');
    const list = addFiles([], [zip('a.zip'), zip('a.zip'), zip('b.txt')], (file, problem) => `${file.name}: ${problem}`);
    expect(list.map((i) => [i.name, i.status, i.reason])).toEqual([
      ['a', 'waiting', undefined],
      ['a', 'waiting', undefined],
      ['b.txt', 'failed', 'b.txt: notZip'],
    ]);
    expect(nameProblem(list[0], list)).toBe('duplicateName');
    expect(uploadable(list)).toEqual([]);
    const renamed = [{ ...list[0], name: 'a 2' }, list[1], list[2]];
    expect(uploadable(renamed).map((i) => i.name)).toEqual(['a 2', 'a']);
    expect(nameProblem({ ...list[0], name: '../x' }, list)).toBe('badName');
  });

  it('tells added, replaced, removed and unchanged files apart by path and content', () => {
    const published = [entry('icons/flag.png'), entry('icons/pin.png'), entry('textures/sand.png')];
    const upload = [entry('icons/flag.png'), entry('icons/pin.png', 'b'.repeat(64)), entry('icons/new.png')];
    const changes = bundleChanges(upload, published);
    expect(changes.added.map((e) => e.path)).toEqual(['icons/new.png']);
    expect(changes.replaced.map((e) => e.path)).toEqual(['icons/pin.png']);
    expect(changes.removed.map((e) => e.path)).toEqual(['textures/sand.png']);
    expect(changes.unchanged).toBe(1);
    expect(bundleChanges(upload, []).added).toHaveLength(3);
  });

  it('groups a club’s assets by element name', () => {
    const asset = (element: string, path: string) => ({ ...entry(path), id: path.length, bundle_name: 'b', url: '/x', created_at: '', club_id: 1, element_name: element });
    expect(byElement([asset('Bunker', 'a'), asset('Bunker', 'b'), asset('Green', 'c')]).map((g) => [g.element, g.assets.length])).toEqual([
      ['Bunker', 2],
      ['Green', 1],
    ]);
  });
});

describe('the assets screen', () => {
  const pendingUpload = (id: number, name: string): AssetUpload => ({
    id,
    bundle_name: name,
    file_count: 2,
    bytes: 240,
    uploaded_at: '2026-11-28T03:00:00.000Z',
    uploaded_by: 'Ada Admin',
    replaces_published: true,
    changes: { added: [entry('icons/new.png')], replaced: [entry('icons/pin.png')], removed: [entry('textures/sand.png')], unchanged: 1 },
    ignored: ['__MACOSX/x'],
  });
  const bundle: AssetBundle = { id: 1, name: 'Course icons', asset_count: 3, bytes: 360, published_at: '2026-11-27T10:00:00.000Z', published_by: 'Ada Admin' };

  function server() {
    let uploads: AssetUpload[] = [];
    let bundles: AssetBundle[] = [bundle];
    fakeApi.get('assets/categories', [
      { name: 'icons', count: 1 },
      { name: 'textures', count: 0 },
      { name: 'sponsor-signs', count: 0 },
    ]);
    fakeApi.get('assets/categories/:category', ({ params }) =>
      params.category === 'icons' ? [{ ...entry('icons/flag.png'), id: 5, bundle_name: 'Course icons', url: '/files/signed/assets/x/1.png?v=1', created_at: '2026-11-27T10:00:00.000Z' }] : [],
    );
    fakeApi.get('assets/:clubId', []);
    fakeApi.get('assets/bundles', () => bundles);
    fakeApi.get('assets/uploads', () => uploads);
    fakeApi.post('assets/upload', ({ body }) => {
      const form = body as FormData;
      const name = String(form.get('name'));
      if (name === 'Broken') return json({ error: 'The entry icons/x.png is named .png, but its bytes are not a PNG file', code: 'assets.wrongBytes', params: { entry: 'icons/x.png', extension: 'png', expected: 'PNG' } }, 422);
      const made = pendingUpload(uploads.length + 10, name);
      uploads = [made, ...uploads];
      return json(made, 201);
    });
    fakeApi.post('assets/uploads/:id/publish', ({ params }) => {
      const upload = uploads.find((u) => u.id === Number(params.id))!;
      uploads = uploads.filter((u) => u !== upload);
      const made = { ...bundle, id: 2, name: upload.bundle_name };
      bundles = [...bundles.filter((b) => b.name !== made.name), made];
      return made;
    });
    fakeApi.delete('assets/upload/:name', ({ params }) => {
      bundles = bundles.filter((b) => b.name !== params.name);
      return noContent();
    });
  }

  const renderPage = () => renderRoutes([{ path: '/:clubId/admin/assets', element: <AssetsPage /> }], '/1/admin/assets');

  it('uploads every chosen bundle, reports the refused one by name while the other goes, then reloads and publishes after asking', async () => {
    server();
    renderPage();
    expect(await screen.findByText('No uploads are waiting.')).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('asset-upload-input'), [zip('Signs.zip'), zip('Broken.zip')]);
    expect(screen.getByRole('textbox', { name: 'Bundle name for Signs.zip' })).toHaveValue('Signs');
    await userEvent.click(screen.getByRole('button', { name: 'Upload all' }));

    expect(await screen.findByText('1 bundle was refused: Broken')).toBeInTheDocument();
    const item = screen.getByTestId('asset-upload-item');
    expect(within(item).getByText('Refused: The entry icons/x.png is named .png, but its bytes are not a PNG file')).toBeInTheDocument();
    const sent = fakeApi.sent('POST', '/api/assets/upload').map((r) => (isForm(r.body) ? [r.body.get('name'), (r.body.get('file') as File).name] : null));
    expect(sent).toEqual([
      ['Signs', 'Signs.zip'],
      ['Broken', 'Broken.zip'],
    ]);

    const card = await screen.findByRole('article', { name: 'Signs' });
    expect(within(card).getByText('Adds 1')).toBeInTheDocument();
    expect(within(card).getByText('Replaces 1')).toBeInTheDocument();
    expect(within(card).getByText('Removes 1')).toBeInTheDocument();
    expect(within(card).getByText('textures/sand.png')).toBeInTheDocument();
    expect(within(card).getByText('Ignored entries: __MACOSX/x')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Publish Signs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Signs?' });
    expect(dialog).toHaveTextContent('It adds 1, replaces 1 and removes 1 files of the published bundle Signs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish Signs' }));
    expect(await screen.findByText('Bundle Signs published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Signs' })).not.toBeInTheDocument());
    expect(await within(screen.getByTestId('asset-bundles')).findByText('Signs')).toBeInTheDocument();
  });

  it('deletes a published bundle by name only after asking, and shows the assets of a category', async () => {
    server();
    renderPage();
    const bundles = await screen.findByRole('list', { name: 'Published bundles' });
    await userEvent.click(within(bundles).getByRole('button', { name: 'Delete Course icons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the bundle Course icons?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fakeApi.calls({ writes: true })).toEqual([]);
    await userEvent.click(within(bundles).getByRole('button', { name: 'Delete Course icons' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete the bundle Course icons?' })).getByRole('button', { name: 'Delete Course icons' }));
    expect(await screen.findByText('Bundle Course icons deleted')).toBeInTheDocument();
    expect(fakeApi.calls({ writes: true })).toEqual(['DELETE /api/assets/upload/Course%20icons']);
    const icons = await screen.findByRole('list', { name: 'Icons' });
    expect(within(icons).getByRole('link', { name: /flag\.png/ })).toHaveAttribute('href', '/files/signed/assets/x/1.png?v=1');
    expect(screen.getByText('This club has no assets of its own.')).toBeInTheDocument();
  });
});
