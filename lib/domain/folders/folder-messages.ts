// Per-item messages of the folder operations.
export const FOLDER_EXISTS = "Folder already exists.";
export const PARENT_MISSING = "Parent folder does not exist.";
export const MOVE_INTO_ITSELF = "A folder cannot be moved under itself or one of its subfolders.";
export const FOLDER_NOT_FOUND = "Folder not found.";
export const FOLDER_MISSING = "Folder does not exist.";
