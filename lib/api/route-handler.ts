import { dispatch } from "./dispatch";

/** Every method goes to dispatch, which answers non-POST requests with an error envelope. */
export const handleApiRequest = (request: Request) => dispatch(request);
