"""The document model the sections build and the templates loop over: blocks and the context."""
