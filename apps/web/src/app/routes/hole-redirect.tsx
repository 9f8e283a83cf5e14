import { Navigate, useParams } from 'react-router';

/** /courses/:courseId/holes/:holeId opens the hole's drawing editor. */
export function HoleRedirect() {
  const { holeId } = useParams();
  return <Navigate replace to={`../${holeId}/edit`} relative="path" />;
}
