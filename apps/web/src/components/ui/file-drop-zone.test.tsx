import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileDropZone } from './file-drop-zone';

const csv = (name: string) => new File(['a,b\n1,2\n'], name, { type: 'text/csv' });

function dropOn(zone: HTMLElement, files: File[]) {
  fireEvent.dragOver(zone, { dataTransfer: { files } });
  fireEvent.drop(zone, { dataTransfer: { files } });
}

describe('FileDropZone', () => {
  it('hands a chosen file to onFiles through the button and the input, and can choose the same file again', async () => {
    const onFiles = vi.fn();
    render(<FileDropZone accept=".csv" onFiles={onFiles} buttonLabel="Choose file" inputProps={{ 'aria-label': 'Members file' }} />);
    const input = screen.getByLabelText<HTMLInputElement>('Members file');
    const click = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Choose file' }));
    expect(click).toHaveBeenCalled();
    const file = csv('members.csv');
    await userEvent.upload(input, file);
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(input.value).toBe('');
  });

  it('takes a drop: the first file only unless multiple', () => {
    const one = vi.fn();
    const { rerender } = render(<FileDropZone data-testid="zone" accept=".csv" onFiles={one} buttonLabel="Choose" />);
    const [a, b] = [csv('a.csv'), csv('b.csv')];
    dropOn(screen.getByTestId('zone'), [a, b]);
    expect(one).toHaveBeenCalledWith([a]);
    const many = vi.fn();
    rerender(<FileDropZone data-testid="zone" accept=".csv" multiple onFiles={many} buttonLabel="Choose" />);
    dropOn(screen.getByTestId('zone'), [a, b]);
    expect(many).toHaveBeenCalledWith([a, b]);
  });

  it('ignores drops and disables the button while disabled (an upload runs)', () => {
    const onFiles = vi.fn();
    render(<FileDropZone data-testid="zone" accept=".csv" disabled onFiles={onFiles} buttonLabel="Choose" />);
    dropOn(screen.getByTestId('zone'), [csv('a.csv')]);
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose' })).toBeDisabled();
  });

  it('shows the hint, the caption, what is beside it and what the screen adds below', () => {
    render(
      <FileDropZone accept="image/png" onFiles={() => undefined} buttonLabel="Choose" hint="Drop an image" caption="PNG up to 20 MB" start={<img alt="Current logo" />}>
        <p>crest.png</p>
      </FileDropZone>,
    );
    for (const text of ['Drop an image', 'PNG up to 20 MB', 'crest.png']) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Current logo' })).toBeInTheDocument();
  });
});
