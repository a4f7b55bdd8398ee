"""The build machinery: jobs side by side, what each read and published, and putting a command's
folders in place whole (or not at all). Knows nothing of what the jobs make."""
