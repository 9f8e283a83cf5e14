import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { GUIDE_PRODUCTS } from '@golf/contract/api/guides';
import type { GuideFilesResponse } from '@golf/contract/api/guide-generation';
import { fakeApi } from '../../testing/api';
import { renderWithProviders } from '../../testing/render';
import { CLUB, GUIDE_ID } from './guide-fixture.test-support';
import { useGuideFiles } from './api/generation';

/** The signed address the server gives on its n-th answer (each later one with a later expiry). */
const signed = (n: number) => `/files/signed/public/clubs/${CLUB}/guides/${GUIDE_ID}/pdf/guide.pdf?v=2&expires=${1_900_000_000 + n * 3600}&signature=s${n}`;

function filesAnswer(n: number): GuideFilesResponse {
  const none = Object.fromEntries(GUIDE_PRODUCTS.map((p) => [p, { location: null, generated_at: null, files: [] }])) as unknown as GuideFilesResponse;
  const url = signed(n);
  return { ...none, pdf: { location: url, generated_at: '2030-05-01T10:00:04.000Z', files: [{ name: 'guide.pdf', url, content_type: 'application/pdf', bytes: 1000 }] } };
}

function PdfLink() {
  const files = useGuideFiles(CLUB, GUIDE_ID);
  const location = files.data?.pdf.location;
  return location ? <a href={location}>PDF</a> : <p>loading</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the guide's file links", { timeout: 20_000 }, () => {
  it('are asked for again while the page stays open and when its window comes back, so a signed link has not run out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    fakeApi.get(`clubs/${CLUB}/guides/${GUIDE_ID}/files`, () => filesAnswer(++answers));
    renderWithProviders(<PdfLink />);
    expect(await screen.findByRole('link', { name: 'PDF' })).toHaveAttribute('href', signed(1));

    // Left open: a new link well within the signed links' shortest life of an hour.
    await act(() => vi.advanceTimersByTimeAsync(20 * 60_000));
    await waitFor(() => expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', signed(2)));

    // Another tab for a while, then back: asked for again at once.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', signed(3)));
    focusManager.setFocused(undefined);
  });
});
