"""The players' live pages (`referee serve`): the only part of referee that speaks HTTP (Starlette, uvicorn)."""
