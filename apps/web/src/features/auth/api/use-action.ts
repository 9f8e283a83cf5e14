import { useCallback, useRef, useState } from 'react';

interface ActionState {
  status: 'idle' | 'pending' | 'success' | 'error';
  error: unknown;
}

/**
 * One call's progress for the public pages' forms, like TanStack Query's useMutation
 * (mutateAsync, isPending, isSuccess, isError, error; the last call wins) without loading the query
 * library on the sign-in page (issue 9).
 */
export function useAction<Input, Output>(run: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<ActionState>({ status: 'idle', error: null });
  const latest = useRef(0);
  const mutateAsync = useCallback(
    async (input: Input): Promise<Output> => {
      const call = ++latest.current;
      setState({ status: 'pending', error: null });
      try {
        const output = await run(input);
        if (call === latest.current) setState({ status: 'success', error: null });
        return output;
      } catch (error) {
        if (call === latest.current) setState({ status: 'error', error });
        throw error;
      }
    },
    [run],
  );
  return {
    mutateAsync,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error,
  };
}
